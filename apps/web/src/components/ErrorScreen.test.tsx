import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorScreen } from './ErrorScreen.tsx';
import './test-utils.tsx';

afterEach(cleanup);

describe('ErrorScreen', () => {
  it("says 'Oops!' and retries with a spinner until the retry settles", async () => {
    let settle: () => void = () => {};
    let calls = 0;
    render(
      <ErrorScreen
        onRetry={() => {
          calls++;
          return new Promise<void>((resolve) => {
            settle = resolve;
          });
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'Oops!' })).toBeTruthy();
    expect(screen.getByText('Something went wrong while loading the page. Please try again')).toBeTruthy();
    const button = screen.getByRole('button', { name: 'Try Again' });
    const spinner = () => button.querySelector('.MuiCircularProgress-root');
    expect(spinner()).toBeNull();

    fireEvent.click(button);
    expect(calls).toBe(1);
    expect(spinner()).not.toBeNull();
    expect(button.getAttribute('aria-busy')).toBe('true');
    expect((button as HTMLButtonElement).disabled).toBe(true);

    await act(async () => settle());
    expect(spinner()).toBeNull();
    expect((button as HTMLButtonElement).disabled).toBe(false);
  });

  it("offers 'Go to homepage' when retry is impossible", () => {
    render(<ErrorScreen />);
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Go to homepage' }).getAttribute('href')).toBe('/');
  });
});
