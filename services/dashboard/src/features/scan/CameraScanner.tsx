/** The camera view at the counter: start it, point it at a pass, and it reads the QR code by itself. */
import { useQrCamera } from './use-qr-camera';

const MESSAGES = {
  off: '',
  starting: 'Starting the camera…',
  scanning: 'Point the camera at the QR code on the pass.',
  denied: 'The camera was not allowed. Allow it in the browser’s settings, or type the code below.',
  unavailable: 'No camera is available here (the dashboard must be opened over https, or on this computer). Type the code below.',
} as const;

export function CameraScanner({ onCode }: { onCode: (code: string) => void }) {
  const camera = useQrCamera(onCode);
  const on = camera.state === 'starting' || camera.state === 'scanning';
  return (
    <section className="card camera" aria-labelledby="camera-heading">
      <h2 id="camera-heading">Camera</h2>
      <div className={`viewfinder${on ? ' on' : ''}`}>
        <video ref={camera.videoRef} muted playsInline aria-label="Camera view" />
      </div>
      <p className="camera-status" role="status">
        {MESSAGES[camera.state]}
      </p>
      {on ? (
        <button type="button" className="button" onClick={camera.stop}>
          Stop camera
        </button>
      ) : (
        <button type="button" className="button primary" onClick={camera.start}>
          Start camera
        </button>
      )}
    </section>
  );
}
