import type { EmailMessage } from './mailer';

// Each message is plain text plus a minimal HTML twin; the link is the whole point, so it appears
// once on a line of its own in both.

function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function actionEmail(options: {
  to: string;
  kind: string;
  subject: string;
  greeting: string;
  intro: string;
  actionLabel: string;
  url: string;
  footer: string;
}): EmailMessage {
  const text = [
    options.greeting,
    '',
    options.intro,
    '',
    `${options.actionLabel}:`,
    options.url,
    '',
    options.footer,
  ].join('\n');
  const html = `<p>${escapeHtml(options.greeting)}</p>
<p>${escapeHtml(options.intro)}</p>
<p><a href="${escapeHtml(options.url)}">${escapeHtml(options.actionLabel)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(options.footer)}<br>${escapeHtml(options.url)}</p>`;
  return { to: options.to, kind: options.kind, subject: options.subject, text, html };
}

export function verificationEmail(to: string, username: string, url: string): EmailMessage {
  return actionEmail({
    to,
    kind: 'verify_email',
    subject: 'Verify your Parallax email address',
    greeting: `Hi ${username},`,
    intro: 'Welcome to Parallax. Please confirm your email address so we can reach you about your account.',
    actionLabel: 'Verify my email',
    url,
    footer: 'This link expires in 24 hours. If you did not create an account, you can ignore this email.',
  });
}

/**
 * To the owner of an address someone tried to register again (decision 0035): the register page
 * answered as if an account had been made, so this is where the owner learns what happened.
 */
export function registrationAttemptEmail(
  to: string,
  username: string,
  links: { signInUrl: string; resetUrl: string },
): EmailMessage {
  const greeting = `Hi ${username},`;
  const intro =
    'Someone tried to create a Parallax account with this email address, which already has an account (yours). No new account was made and nothing about your account changed.';
  const signIn = 'If it was you, log in with your username or this email address';
  const reset = 'Forgot your password? Choose a new one (this link expires in 1 hour and works once)';
  const footer = 'If it was not you, you can ignore this email; your password stays as it is.';
  const text = [
    greeting,
    '',
    intro,
    '',
    `${signIn}:`,
    links.signInUrl,
    '',
    `${reset}:`,
    links.resetUrl,
    '',
    footer,
  ].join('\n');
  const html = `<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(signIn)}: <a href="${escapeHtml(links.signInUrl)}">${escapeHtml(links.signInUrl)}</a></p>
<p>${escapeHtml(reset)}: <a href="${escapeHtml(links.resetUrl)}">${escapeHtml(links.resetUrl)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`;
  return {
    to,
    kind: 'registration_attempt',
    subject: 'Someone tried to register with your Parallax email',
    text,
    html,
  };
}

/**
 * To the address of a registration whose username is taken (decision 0060): the answer to the
 * registration does not say so, so the name is learnt only by whoever reads this mailbox.
 */
export function usernameTakenEmail(to: string, username: string, registerUrl: string): EmailMessage {
  const intro = `Someone, probably you, tried to create a Parallax account with this email address and the username "${username}", which is already taken. No account was made.`;
  const again = 'To sign up, register again with another username';
  const footer = 'If it was not you, you can ignore this email.';
  const text = ['Hi,', '', intro, '', `${again}:`, registerUrl, '', footer].join('\n');
  const html = `<p>Hi,</p>
<p>${escapeHtml(intro)}</p>
<p>${escapeHtml(again)}: <a href="${escapeHtml(registerUrl)}">${escapeHtml(registerUrl)}</a></p>
<p style="color:#666;font-size:12px">${escapeHtml(footer)}</p>`;
  return { to, kind: 'username_taken', subject: 'Your Parallax registration: choose another username', text, html };
}

export function passwordResetEmail(to: string, username: string, url: string): EmailMessage {
  return actionEmail({
    to,
    kind: 'reset_password',
    subject: 'Reset your Parallax password',
    greeting: `Hi ${username},`,
    intro: 'We received a request to reset your password.',
    actionLabel: 'Choose a new password',
    url,
    footer:
      'This link expires in 1 hour and works once. If you did not ask for it, you can ignore this email; your password stays as it is.',
  });
}

export function supportRequestEmail(
  to: string,
  request: { name: string; email: string; subject: string; message: string; userId?: number },
): EmailMessage {
  const who = `${request.name} <${request.email}>${request.userId ? ` (user #${request.userId})` : ''}`;
  const text = `Support request from ${who}\n\nSubject: ${request.subject}\n\n${request.message}`;
  const html = `<p>Support request from ${escapeHtml(who)}</p><p><strong>${escapeHtml(request.subject)}</strong></p><pre style="white-space:pre-wrap;font-family:inherit">${escapeHtml(request.message)}</pre>`;
  return { to, kind: 'support', subject: `[Support] ${request.subject}`, text, html, replyTo: request.email };
}

export function cancellationNoticeEmail(
  to: string,
  details: { userId: number; username: string; email: string | null; subscriptionId: string; immediate: boolean },
): EmailMessage {
  const how = details.immediate ? 'cancelled immediately' : 'set to cancel at the end of the period';
  const text = `User #${details.userId} ${details.username} (${details.email ?? 'no email'}) ${how} subscription ${details.subscriptionId}.`;
  return {
    to,
    kind: 'subscription_cancellation',
    subject: `[Parallax] Subscription ${how}: ${details.username}`,
    text,
    html: `<p>${escapeHtml(text)}</p>`,
  };
}

/** Sent when an administrator creates another admin account; it never carries the password. */
export function adminWelcomeEmail(to: string, username: string, url: string): EmailMessage {
  return actionEmail({
    to,
    kind: 'admin_welcome',
    subject: 'You are now a Parallax administrator',
    greeting: `Hi ${username},`,
    intro:
      'An administrator account was created for you on Parallax. Sign in with your username or this email address and the password you were given.',
    actionLabel: 'Open the admin sign-in',
    url,
    footer: 'If you did not expect this, reply to this email or tell the team: someone may have used your address.',
  });
}

export function testEmail(to: string): EmailMessage {
  const text = 'This is a test email from Parallax. Your email settings work.';
  return { to, kind: 'test', subject: 'Parallax test email', text, html: `<p>${escapeHtml(text)}</p>` };
}
