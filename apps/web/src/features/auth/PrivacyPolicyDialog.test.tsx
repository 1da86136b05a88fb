import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { markedText } from './PrivacyPolicyDialog.tsx';

afterEach(cleanup);

describe('markedText', () => {
  it("draws the '<1>…</1>' part with the given element and keeps the text around it", () => {
    render(
      <p>
        {markedText('I have read and agree with the <1>privacy policy</1>.', (s) => (
          <a href="/p">{s}</a>
        ))}
      </p>,
    );
    expect(screen.getByRole('link', { name: 'privacy policy' }).getAttribute('href')).toBe('/p');
    expect(screen.getByRole('paragraph').textContent).toBe('I have read and agree with the privacy policy.');
  });

  it('keeps a text without a marked part as it is', () => {
    render(
      <p>
        {markedText('No mark here', (s) => (
          <strong>{s}</strong>
        ))}
      </p>,
    );
    expect(screen.getByRole('paragraph').textContent).toBe('No mark here');
    expect(screen.getByRole('paragraph').querySelector('strong')).toBeNull();
  });
});
