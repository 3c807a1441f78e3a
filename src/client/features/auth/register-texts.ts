// What the Register tab shows once it has sent the form. The same whether or not the address already
// had an account, as the server's answer is (decision 0035).

export const registerSentTexts = {
  title: 'Check Your Email',
  sentTo: 'We sent a message to {email}.',
  newAddress: 'New to Parallax? Its link verifies your address and signs you in.',
  knownAddress: 'Already have an account with this address? The message has links to log in or to reset your password.',
  // A taken username is told only by email too (decision 0060).
  takenUsername: 'Username already taken? The message says so, with a link back here to choose another.',
  spamHint: 'Nothing after a few minutes? Check your spam or junk folder.',
  backToLogin: 'Back to Login',
  differentEmail: 'Use a different email',
} as const;
