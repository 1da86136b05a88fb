import type { OutboxMessage } from '@sitepulse/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderAt, signedInEnglishTests, stubServer } from '../../components/test-utils.tsx';
import { OutboxCard } from './OutboxCard.tsx';

signedInEnglishTests();

const message = (over: Partial<OutboxMessage>): OutboxMessage => ({
  id: 1,
  channel: 'email',
  to: 'lena@example.test',
  subject: 'You are invited to Sitepulse',
  text: 'Hello Lena, create your password: https://sitepulse.example/create_pwd?token=abc',
  createdAt: Date.UTC(2026, 10, 23, 9, 30),
  sentAt: null,
  error: null,
  ...over,
});

const outbox = [
  message({
    id: 3,
    channel: 'sms',
    to: '+16135550123',
    subject: 'Invitation (text message)',
    text: 'Join Sitepulse: https://sitepulse.example/create_pwd?token=sms1',
  }),
  message({ id: 2, sentAt: Date.UTC(2026, 10, 23, 9, 31), text: '[sent]' }),
  message({ id: 1, to: 'bad@example.test', error: 'Connection refused' }),
];

describe('the outbox card', () => {
  it('lists the messages with how each went, and the failure reason', async () => {
    const fetchMock = stubServer({ extra: { '/mail/outbox': outbox } });
    renderAt(<OutboxCard />, '/user-management', '/user-management');
    const rows = await screen.findAllByTestId('outbox-message');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]).getByText('+16135550123')).toBeTruthy();
    expect(within(rows[0]).getByText('Not sent: pass it on')).toBeTruthy();
    expect(within(rows[0]).getByLabelText('Text message')).toBeTruthy();
    expect(within(rows[1]).getByText('Sent')).toBeTruthy();
    expect(within(rows[1]).queryByRole('button', { name: /copy/i })).toBeNull();
    expect(within(rows[2]).getByText('Failed')).toBeTruthy();
    expect(within(rows[2]).getByText(/Connection refused/)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([u]) => String(u).includes('/mail/outbox'));
    expect(new URL(String(call?.[0]), 'http://x').searchParams.get('companyId')).toBe('1');
  });

  it('shows and copies the text of a message that did not go out', async () => {
    stubServer({ extra: { '/mail/outbox': outbox } });
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    renderAt(<OutboxCard />, '/user-management', '/user-management');
    const [sms] = await screen.findAllByTestId('outbox-message');
    await userEvent.click(within(sms).getByRole('button', { name: 'Show the message' }));
    expect(within(sms).getByTestId('outbox-text').textContent).toContain('create_pwd?token=sms1');
    await userEvent.click(within(sms).getByRole('button', { name: 'Copy the text' }));
    expect(writeText).toHaveBeenCalledWith('Join Sitepulse: https://sitepulse.example/create_pwd?token=sms1');
    expect(await screen.findByText('The message is copied.')).toBeTruthy();
  });

  it('says when nothing was sent yet', async () => {
    stubServer({ extra: { '/mail/outbox': [] } });
    renderAt(<OutboxCard />, '/user-management', '/user-management');
    expect(await screen.findByText('No message has been sent yet.')).toBeTruthy();
  });
});
