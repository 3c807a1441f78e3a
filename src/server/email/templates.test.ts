import { describe, expect, it } from 'vitest';
import { registrationAttemptEmail } from './templates';

describe('registrationAttemptEmail', () => {
  const links = {
    signInUrl: 'http://parallax.test/auth',
    resetUrl: 'http://parallax.test/reset-password?token=abc&x="y"',
  };

  it('names the owner and puts each link on a line of its own in the text', () => {
    const email = registrationAttemptEmail('owner@example.com', 'owner_1', links);
    expect(email).toMatchObject({
      to: 'owner@example.com',
      kind: 'registration_attempt',
      subject: 'Someone tried to register with your Parallax email',
    });
    const lines = email.text.split('\n');
    expect(lines[0]).toBe('Hi owner_1,');
    expect(lines).toContain(links.signInUrl);
    expect(lines).toContain(links.resetUrl);
    expect(email.text).toContain('No new account was made');
  });

  it('links both in the HTML twin, escaped', () => {
    const { html } = registrationAttemptEmail('owner@example.com', 'owner_1', links);
    expect(html).toContain('<a href="http://parallax.test/auth">');
    expect(html).toContain('<a href="http://parallax.test/reset-password?token=abc&amp;x=&quot;y&quot;">');
    expect(html).not.toContain('x="y"');
  });
});
