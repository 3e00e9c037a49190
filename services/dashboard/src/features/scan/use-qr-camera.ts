/**
 * Reads QR codes from the camera: the back camera's video, a frame every 120 ms drawn small onto a canvas
 * and handed to jsQR (pure JavaScript; Chromium's BarcodeDetector is missing on Linux and most desktops).
 * The decoder is loaded only when the camera starts. The camera is released when scanning stops, when a
 * code is read, and when the screen goes away.
 */
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

type CameraState = 'off' | 'starting' | 'scanning' | 'denied' | 'unavailable';

const FRAME_INTERVAL_MS = 120;
const MAX_FRAME_WIDTH = 640;

interface QrCamera {
  state: CameraState;
  videoRef: RefObject<HTMLVideoElement | null>;
  start: () => void;
  stop: () => void;
}

export function useQrCamera(onCode: (code: string) => void): QrCamera {
  const [state, setState] = useState<CameraState>('off');
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const stream = useRef<MediaStream | null>(null);
  const timer = useRef<number | null>(null);
  const onCodeRef = useRef(onCode);
  onCodeRef.current = onCode;

  const stop = useCallback(() => {
    if (timer.current !== null) window.clearTimeout(timer.current);
    timer.current = null;
    stream.current?.getTracks().forEach((track) => track.stop());
    stream.current = null;
    if (videoRef.current) videoRef.current.srcObject = null;
    setState((current) => (current === 'denied' || current === 'unavailable' ? current : 'off'));
  }, []);

  const start = useCallback(() => {
    if (!navigator.mediaDevices?.getUserMedia) {
      setState('unavailable');
      return;
    }
    setState('starting');
    void (async () => {
      try {
        const [{ default: jsQR }, media] = await Promise.all([
          import('jsqr'),
          navigator.mediaDevices.getUserMedia({ video: { facingMode: { ideal: 'environment' } }, audio: false }),
        ]);
        stream.current = media;
        const video = videoRef.current;
        if (!video) return;
        video.srcObject = media;
        await video.play();
        setState('scanning');
        const canvas = document.createElement('canvas');
        const context = canvas.getContext('2d', { willReadFrequently: true });
        const look = () => {
          if (!stream.current || !context) return;
          if (video.videoWidth > 0) {
            const scale = Math.min(1, MAX_FRAME_WIDTH / video.videoWidth);
            canvas.width = Math.round(video.videoWidth * scale);
            canvas.height = Math.round(video.videoHeight * scale);
            context.drawImage(video, 0, 0, canvas.width, canvas.height);
            const frame = context.getImageData(0, 0, canvas.width, canvas.height);
            const found = jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' });
            if (found && found.data !== '') {
              stop();
              onCodeRef.current(found.data);
              return;
            }
          }
          timer.current = window.setTimeout(look, FRAME_INTERVAL_MS);
        };
        look();
      } catch (error) {
        stream.current?.getTracks().forEach((track) => track.stop());
        stream.current = null;
        setState(error instanceof DOMException && error.name === 'NotAllowedError' ? 'denied' : 'unavailable');
      }
    })();
  }, [stop]);

  useEffect(() => stop, [stop]);
  return { state, videoRef, start, stop };
}
