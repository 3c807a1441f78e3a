// Names of what the client keeps in browser storage (docs/product.md, "Records and fields").
export const SESSION_ID_KEYS = ['parallaxSessionId', 'sessionId'] as const;
export const PREFILL_EMAIL_KEY = 'parallaxUserEmail';
export const IMPERSONATING_KEY = 'isImpersonating';
export const ORIGINAL_ADMIN_ID_KEY = 'originalAdminId';
