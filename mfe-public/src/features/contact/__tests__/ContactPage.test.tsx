import { act, screen, waitFor, within } from '@testing-library/react';
import { setupUser, replaceText, type UserEvent } from '@healthlink/test-support/user';
import { toast } from 'react-hot-toast';
import { CONTACT_MESSAGE_MAX_LENGTH, ContactTexts } from '@healthlink/contracts';
import { callsTo, deferredReply, serveApi, type ApiHandler } from '@healthlink/test-support/api-server';
import { renderPage } from '@healthlink/test-support/render-page';
import { TEST_SITE_INFO } from '@healthlink/test-support/site-info';
import { ContactPage } from '../routes/ContactPage';

// A fresh user-event session per test: pointer and keyboard state must not leak between tests.
let user: UserEvent;
beforeEach(() => {
  user = setupUser();
});

const SEND = 'POST /api/contactUs';
const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement | HTMLTextAreaElement;
const type = (label: string, value: string) => replaceText(user, field(label), value);
const send = () => user.click(screen.getByRole('button', { name: 'Send Message' }));

function setup(reply: ApiHandler = { status: 201, body: { message: ContactTexts.received } }) {
  serveApi({ [SEND]: reply, 'POST /api/analytics/events': { status: 204 } });
  renderPage(<ContactPage />, '/contact');
}

async function fillAll() {
  await type('Full Name', 'Grace Walker');
  await type('Email', 'Grace@Example.com');
  await type('Phone Number', '(555) 010-2000');
  await type('Message', 'Can you help me link my Medicare plan?');
}

describe('/contact', () => {
  afterEach(() => act(() => toast.remove()));

  it('has the four labelled fields (Email and Message required) and the Get in touch panel', async () => {
    setup();
    expect(screen.getByRole('heading', { level: 1, name: 'Contact Us' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Full Name' })).toHaveAccessibleDescription('Optional');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription('Required');
    expect(screen.getByRole('textbox', { name: 'Phone Number' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Message' })).toHaveAttribute('maxLength', String(CONTACT_MESSAGE_MAX_LENGTH));

    const panel = within(screen.getByRole('region', { name: 'Get in touch' }));
    expect(panel.getByText(/within 24 hours/)).toBeInTheDocument();
    expect(panel.getByRole('link', { name: TEST_SITE_INFO.supportEmail })).toHaveAttribute('href', `mailto:${TEST_SITE_INFO.supportEmail}`);
    expect(panel.getByRole('link', { name: TEST_SITE_INFO.brokerPhone })).toHaveAttribute('href', 'tel:+18005550199');
    expect(panel.getByText(/switch plans/i)).toBeInTheDocument();
    expect(panel.getByRole('link', { name: 'LinkedIn (opens in a new tab)' })).toHaveAttribute('href', TEST_SITE_INFO.linkedInUrl);
    expect(panel.getByRole('link', { name: 'Our blog (opens in a new tab)' })).toHaveAttribute('href', TEST_SITE_INFO.blogUrl);
    expect(panel.getByRole('link', { name: 'Create your free account' })).toHaveAttribute('href', '/register');
  });

  it('counts the message characters as they are typed', async () => {
    setup();
    expect(screen.getByText(`0 of ${CONTACT_MESSAGE_MAX_LENGTH} characters`)).toBeInTheDocument();
    await type('Message', 'Hello');
    expect(screen.getByText(`5 of ${CONTACT_MESSAGE_MAX_LENGTH} characters`)).toBeInTheDocument();
    expect(field('Message')).toHaveAccessibleDescription(`Required 5 of ${CONTACT_MESSAGE_MAX_LENGTH} characters`);
    await type('Message', 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH));
    expect(screen.getByText(`You have reached the ${CONTACT_MESSAGE_MAX_LENGTH} character limit.`)).toBeInTheDocument();
  });

  it.each([
    ['no e-mail', { Email: '' }, ContactTexts.emailRequired, 'Email'],
    ['an invalid e-mail', { Email: 'grace@example' }, ContactTexts.invalidEmail, 'Email'],
    ['no message', { Message: '   ' }, ContactTexts.messageRequired, 'Message'],
  ])('refuses %s before sending, keeping what was typed', async (_case, overrides, message, label) => {
    setup();
    await fillAll();
    for (const [name, value] of Object.entries(overrides)) await type(name, value);
    await send();
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(field(label)).toHaveFocus();
    expect(field('Full Name')).toHaveValue('Grace Walker');
    expect(callsTo(SEND)).toHaveLength(0);
  });

  it('sends, shows Sending... on a disabled button, then the success toast and line, and clears every field', async () => {
    const reply = deferredReply();
    setup(reply.handler);
    await fillAll();
    await send();

    const button = screen.getByRole('button', { name: 'Sending...' });
    expect(button).toBeDisabled();
    expect(await screen.findByText(ContactTexts.submitting)).toBeInTheDocument();
    await waitFor(() => expect(callsTo(SEND)).toHaveLength(1));
    expect(callsTo(SEND)[0].body).toEqual({
      name: 'Grace Walker',
      email: 'grace@example.com',
      phoneNumber: '(555) 010-2000',
      message: 'Can you help me link my Medicare plan?',
    });
    expect(callsTo(SEND)[0].headers.authorization).toBeUndefined();

    await act(async () => reply.release({ status: 201, body: { message: ContactTexts.received } }));
    expect(await screen.findByText(ContactTexts.successToast)).toBeInTheDocument();
    const line = screen.getByText(ContactTexts.successInline);
    expect(line).toHaveFocus();
    expect(screen.getByRole('button', { name: 'Send Message' })).toBeEnabled();
    for (const label of ['Full Name', 'Email', 'Phone Number', 'Message']) expect(field(label)).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Restore your message' })).not.toBeInTheDocument();
    await waitFor(() =>
      expect(callsTo('POST /api/analytics/events').map((c) => c.body)).toContainEqual({
        category: 'contact',
        action: 'message_sent',
        path: '/',
      }),
    );
  });

  it('shows the success toast for 5 seconds', async () => {
    const success = jest.spyOn(toast, 'success');
    setup();
    await fillAll();
    await send();
    await screen.findByText(ContactTexts.successInline);
    expect(success).toHaveBeenCalledWith(ContactTexts.successToast, expect.objectContaining({ duration: 5000 }));
    success.mockRestore();
  });

  it.each([
    ['the server cannot be reached', 'network-error' as const, undefined],
    ['the server fails', { status: 500, body: { code: 'COMMON.INTERNAL', message: 'boom' } }, undefined],
    [
      'too many messages were sent',
      { status: 429, body: { code: 'REQUEST.TOO_MANY', message: 'Too many attempts. Please wait 15 minutes and try again.' } },
      'Too many attempts. Please wait 15 minutes and try again.',
    ],
  ])('when %s: error toast and line, fields cleared, and Restore your message puts the text back', async (_case, reply, detail) => {
    setup(reply as ApiHandler);
    await fillAll();
    await send();
    expect(await screen.findByText(ContactTexts.errorToast)).toBeInTheDocument();
    const line = screen.getByText(ContactTexts.failureInline);
    expect(line).toHaveFocus();
    if (detail) expect(line).toHaveTextContent(detail);
    else expect(line).toHaveTextContent(/^Failed to send message\. Please try again later\.$/);
    for (const label of ['Full Name', 'Email', 'Phone Number', 'Message']) expect(field(label)).toHaveValue('');

    await user.click(screen.getByRole('button', { name: 'Restore your message' }));
    expect(field('Full Name')).toHaveValue('Grace Walker');
    expect(field('Email')).toHaveValue('Grace@Example.com');
    expect(field('Phone Number')).toHaveValue('(555) 010-2000');
    expect(field('Message')).toHaveValue('Can you help me link my Medicare plan?');
    expect(field('Message')).toHaveFocus();
    expect(screen.queryByText(ContactTexts.failureInline)).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore your message' })).not.toBeInTheDocument();
  });

  it('shows the field the server refused after a 400', async () => {
    setup({
      status: 400,
      body: {
        code: 'CONTACT.VALIDATION',
        message: 'Please enter a valid email address',
        errors: [{ field: 'email', message: 'Please enter a valid email address' }],
      },
    });
    await fillAll();
    await send();
    expect(await screen.findByText(/Failed to send message/)).toHaveTextContent('Please enter a valid email address');
  });

  it('shows placeholders in the panel until the site facts are known', () => {
    serveApi({ 'GET /api/siteInfo': () => new Promise<never>(() => undefined) });
    renderPage(<ContactPage />, '/contact', { siteInfo: null });
    const panel = within(screen.getByRole('region', { name: 'Get in touch' }));
    expect(panel.getAllByText('Loading…')).toHaveLength(3);
    expect(panel.queryByRole('link', { name: /@/ })).not.toBeInTheDocument();
  });
});
