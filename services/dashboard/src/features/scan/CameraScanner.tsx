/** The camera view at the counter: start it, point it at a pass, and it reads the QR code by itself. */
import { useQrCamera } from './use-qr-camera';

const MESSAGES = {
  off: '',
  starting: 'Starting the camera…',
  scanning: 'Point the camera at the QR code on the pass.',
  denied: 'The camera was not allowed. Allow it in the browser’s settings, or type the code below.',
  unavailable: 'No camera was found on this device, or another app is using it. Type the code below.',
} as const;

/** Browsers give the camera only to secure pages: over https, or opened on the computer itself (127.0.0.1, localhost). */
const INSECURE = 'The browser gives the camera only to pages opened over https, or on the computer the service runs on. Open the dashboard over https, or type the code below.';

/** Only a page that is not secure hears about https: on the computer itself, or over https, the cause is the camera. */
const messageOf = (state: keyof typeof MESSAGES) => (state === 'unavailable' && !window.isSecureContext ? INSECURE : MESSAGES[state]);

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
        {messageOf(camera.state)}
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
