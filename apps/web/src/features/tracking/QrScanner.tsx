import VideocamOffRoundedIcon from '@mui/icons-material/VideocamOffRounded';
import { Alert, Box, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/index.ts';
import { idFromScan } from './rules.ts';
import { decodeQrImage, nativeQrDetector } from './scan.ts';

/** How often a frame is read (a phone keeps up; a label held still reads within a few frames). */
const FRAME_MS = 250;
/** Frames are scaled down to this width before jsQR reads them: a label fills much of the view. */
const DECODE_WIDTH = 640;

type CameraState = 'starting' | 'on' | 'unavailable' | 'denied';

/**
 * The phone's back camera, reading QR labels: when a code names a Lumitrack ID, `onId` gets it (once) and the
 * camera stops; a code that names none says so. Without a camera, or without permission, it says so: the ID
 * can be typed instead.
 */
export function QrScanner({ onId }: { onId: (lumitrackId: string) => void }) {
  const { t } = useTranslation();
  const video = useRef<HTMLVideoElement | null>(null);
  const [state, setState] = useState<CameraState>('starting');
  const [notAnId, setNotAnId] = useState(false);
  const found = useRef(onId);
  found.current = onId;

  useEffect(() => {
    let stream: MediaStream | null = null;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    const canvas = document.createElement('canvas');

    const stop = () => {
      stopped = true;
      if (timer) clearTimeout(timer);
      for (const track of stream?.getTracks() ?? []) track.stop();
    };

    async function start() {
      if (!navigator.mediaDevices?.getUserMedia) {
        setState('unavailable');
        return;
      }
      try {
        stream = await navigator.mediaDevices.getUserMedia({
          video: { facingMode: { ideal: 'environment' } },
          audio: false,
        });
      } catch (e) {
        setState((e as DOMException)?.name === 'NotAllowedError' ? 'denied' : 'unavailable');
        return;
      }
      if (stopped || !video.current) {
        stop();
        return;
      }
      video.current.srcObject = stream;
      await video.current.play().catch(() => undefined);
      setState('on');
      const native = await nativeQrDetector();

      const readFrame = async (): Promise<string | null> => {
        const v = video.current;
        if (!v || v.readyState < 2 || v.videoWidth === 0) return null;
        if (native) return (await native.detect(v))[0]?.rawValue ?? null;
        const scale = Math.min(1, DECODE_WIDTH / v.videoWidth);
        canvas.width = Math.round(v.videoWidth * scale);
        canvas.height = Math.round(v.videoHeight * scale);
        const ctx = canvas.getContext('2d', { willReadFrequently: true });
        if (!ctx) return null;
        ctx.drawImage(v, 0, 0, canvas.width, canvas.height);
        const image = ctx.getImageData(0, 0, canvas.width, canvas.height);
        return decodeQrImage(image.data, image.width, image.height);
      };

      const tick = async () => {
        if (stopped) return;
        const text = await readFrame().catch(() => null);
        if (stopped) return;
        if (text !== null) {
          const id = idFromScan(text);
          if (id) {
            stop();
            found.current(id);
            return;
          }
          setNotAnId(true);
        }
        timer = setTimeout(tick, FRAME_MS);
      };
      void tick();
    }

    void start();
    return stop;
  }, []);

  if (state === 'unavailable' || state === 'denied') {
    return (
      <Alert severity="info" icon={<VideocamOffRoundedIcon />} data-testid="camera-off">
        {t(state === 'denied' ? 'tracking.scan.denied' : 'tracking.scan.unavailable')}
      </Alert>
    );
  }
  return (
    <Box>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          maxWidth: 420,
          mx: 'auto',
          aspectRatio: '1 / 1',
          bgcolor: 'grey.900',
          borderRadius: 2,
          overflow: 'hidden',
        }}
      >
        <video
          ref={video}
          muted
          playsInline
          aria-label={t('tracking.scan.cameraLabel')}
          style={{ width: '100%', height: '100%', objectFit: 'cover' }}
        />
        {/* The frame a label is held in. */}
        <Box
          aria-hidden
          sx={{
            position: 'absolute',
            inset: '18%',
            border: '3px solid rgba(255,255,255,0.85)',
            borderRadius: 2,
            boxShadow: '0 0 0 999px rgba(0,0,0,0.25)',
          }}
        />
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 1, textAlign: 'center' }} role="status">
        {state === 'starting'
          ? t('tracking.scan.starting')
          : notAnId
            ? t('tracking.scan.notAnId')
            : t('tracking.scan.hint')}
      </Typography>
    </Box>
  );
}
