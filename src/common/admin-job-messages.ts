// Texts of the background Stripe sync that server and client share (docs/architecture.md, "Background jobs").

export const adminJobMessages = {
  syncJobNotFound: 'No such Stripe sync',
  jobGaveUp: 'Stopped after {attempts} attempts: the servers running it kept stopping. Start it again.',
} as const;
