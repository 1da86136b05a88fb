import { Box, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { AUTH_CODE_LENGTH, normalizeAuthCode } from '@sitepulse/domain';
import { type Ref, useId, useState } from 'react';

export interface CodeEntryProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Called once all the characters are entered: the entry submits itself (spec section 2). */
  onComplete: (value: string) => void;
  uppercase?: boolean;
  disabled?: boolean;
  error?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  describedBy?: string;
}

/** Normalises typed or pasted text: no spaces, uppercase when asked, at most the code length. */
export function normaliseCode(raw: string, uppercase: boolean): string {
  return normalizeAuthCode(raw.replace(/\s+/g, ''), uppercase);
}

/**
 * The 5-character company auth code entry: one real input (so typing, pasting, deleting and screen readers
 * behave as usual) drawn as five slots. The code is case-sensitive, so nothing is changed unless the
 * 'Force uppercase' mode is on.
 */
export function CodeEntry({
  label,
  value,
  onChange,
  onComplete,
  uppercase = false,
  disabled,
  error,
  inputRef,
  describedBy,
}: CodeEntryProps) {
  const id = useId();
  const [focused, setFocused] = useState(false);
  const active = Math.min(value.length, AUTH_CODE_LENGTH - 1);

  return (
    <Box>
      <Typography
        component="label"
        htmlFor={id}
        variant="subtitle2"
        sx={{ display: 'block', mb: 1, color: 'text.secondary', textAlign: 'center' }}
      >
        {label}
      </Typography>
      <Box sx={{ position: 'relative', display: 'flex', justifyContent: 'center', gap: { xs: 1, sm: 1.5 } }}>
        {Array.from({ length: AUTH_CODE_LENGTH }, (_, i) => {
          const isActive = focused && !disabled && i === active;
          return (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: the slots are positions, fixed in number
              key={i}
              aria-hidden
              sx={(theme) => ({
                width: { xs: 48, sm: 56 },
                height: { xs: 58, sm: 64 },
                borderRadius: 2,
                border: '2px solid',
                borderColor: error
                  ? theme.palette.error.main
                  : isActive
                    ? theme.palette.primary.main
                    : theme.palette.grey[300],
                bgcolor: disabled ? theme.palette.grey[100] : theme.palette.background.paper,
                boxShadow: isActive ? `0 0 0 4px ${alpha(theme.palette.primary.main, 0.15)}` : 'none',
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontFamily: '"Roboto Mono", ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
                fontSize: { xs: '1.6rem', sm: '1.8rem' },
                fontWeight: 600,
                color: disabled ? 'text.disabled' : 'text.primary',
                transition: 'border-color 120ms, box-shadow 120ms',
                position: 'relative',
                '@keyframes codeCaret': { '0%, 100%': { opacity: 1 }, '50%': { opacity: 0 } },
                '&::after':
                  isActive && !value[i]
                    ? {
                        content: '""',
                        position: 'absolute',
                        width: 2,
                        height: '45%',
                        bgcolor: 'primary.main',
                        animation: 'codeCaret 1s step-end infinite',
                      }
                    : undefined,
              })}
            >
              {value[i] ?? ''}
            </Box>
          );
        })}
        <Box
          component="input"
          id={id}
          ref={inputRef}
          value={value}
          disabled={disabled}
          maxLength={AUTH_CODE_LENGTH}
          autoComplete="one-time-code"
          autoCapitalize={uppercase ? 'characters' : 'none'}
          autoCorrect="off"
          spellCheck={false}
          aria-invalid={error || undefined}
          aria-describedby={describedBy}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => {
            const next = normaliseCode(e.target.value, uppercase);
            onChange(next);
            if (next.length === AUTH_CODE_LENGTH && next !== value) onComplete(next);
          }}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            opacity: 0,
            border: 0,
            p: 0,
            m: 0,
            fontSize: 16,
            cursor: disabled ? 'default' : 'text',
          }}
        />
      </Box>
    </Box>
  );
}
