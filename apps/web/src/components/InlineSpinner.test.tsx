import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InlineSpinner } from './InlineSpinner.tsx';

afterEach(() => cleanup());

describe('InlineSpinner', () => {
  it('shows a spinner on one line with the message beside it', () => {
    render(<InlineSpinner message="Loading jobs…" />);
    const status = screen.getByRole('status');
    expect(status.querySelector('.MuiCircularProgress-root')).not.toBeNull();
    expect(status.textContent).toBe('Loading jobs…');
  });

  it('shows the spinner alone when there is no message', () => {
    render(<InlineSpinner />);
    const status = screen.getByRole('status');
    expect(status.querySelector('.MuiCircularProgress-root')).not.toBeNull();
    expect(status.textContent).toBe('');
  });

  it('draws the spinner at the size asked', () => {
    render(<InlineSpinner size={32} />);
    const spinner = screen.getByRole('status').querySelector('.MuiCircularProgress-root') as HTMLElement;
    expect(spinner.style.width).toBe('32px');
  });
});
