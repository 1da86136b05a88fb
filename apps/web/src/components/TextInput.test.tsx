import { IconButton, InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { ThemeProvider } from '@mui/material/styles';
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../app/theme.ts';
import { TextInput } from './TextInput.tsx';

afterEach(cleanup);

/** The markup a field draws (and the styles it adds), alone in the document. */
function drawn(field: React.ReactElement): string {
  const { container, unmount } = render(<ThemeProvider theme={theme}>{field}</ThemeProvider>);
  const html = container.innerHTML;
  unmount();
  return html;
}

const cases: [string, Omit<TextFieldProps, 'select' | 'variant' | 'slots' | 'children'>][] = [
  ['plain', { id: 'a', label: 'Name' }],
  ['no label', { id: 'b', placeholder: 'Search' }],
  [
    'a password field as the account screens draw it',
    {
      id: 'c',
      name: 'password',
      label: 'New password',
      autoComplete: 'new-password',
      type: 'password',
      fullWidth: true,
      error: true,
      helperText: 'At least 8 characters',
      slotProps: {
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label="Show password" edge="end">
                x
              </IconButton>
            </InputAdornment>
          ),
        },
      },
    },
  ],
  [
    'required, disabled, a value, sizes and slot props',
    {
      id: 'd',
      label: 'Site',
      required: true,
      disabled: true,
      value: 'North Yard',
      size: 'small',
      className: 'extra',
      multiline: true,
      minRows: 2,
      slotProps: { htmlInput: { maxLength: 20, 'data-testid': 'x' }, inputLabel: { shrink: true } },
      onChange: () => undefined,
    },
  ],
];

describe('TextInput', () => {
  it.each(cases)('draws what TextField draws: %s', (_, props) => {
    expect(drawn(<TextInput {...props} />)).toBe(drawn(<TextField {...props} />));
  });
});
