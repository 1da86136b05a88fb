import {
  Button,
  type ButtonProps,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
} from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A small confirmation: a title, a sentence, Cancel and the action. Pages fetch it when first opened
 * (`lazyDialog`, docs/decisions/web-bundle.md), so the dialog code is not part of their first visit.
 */
export function ConfirmDialog({
  open,
  onClose,
  busy = false,
  title,
  text,
  cancelLabel,
  confirmLabel,
  confirmColor = 'primary',
  onConfirm,
  confirmTestId,
  showBusy = 'disabled',
}: {
  open: boolean;
  onClose: () => void;
  /** while the action runs: the dialog stays, both buttons are off */
  busy?: boolean;
  title: ReactNode;
  text: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  confirmColor?: ButtonProps['color'];
  onConfirm: () => void;
  confirmTestId?: string;
  /** how the action's button shows that it runs: turned off, or with a spinner */
  showBusy?: 'disabled' | 'loading';
}) {
  return (
    <Dialog open={open} onClose={() => (busy ? undefined : onClose())} maxWidth="xs" fullWidth>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{text}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {cancelLabel}
        </Button>
        <Button
          variant="contained"
          color={confirmColor}
          onClick={onConfirm}
          {...(showBusy === 'loading' ? { loading: busy } : { disabled: busy })}
          data-testid={confirmTestId}
        >
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
