// The break-glass pages' texts (docs/product.md, "Emergency access"), once for server, client and tests;
// emergency-schemas.ts validates with them.

export const emergencyMessages = {
  bothRequired: 'Both password and hash are required',
  tokenMissing: 'This call needs the emergency access token in the X-Emergency-Token header',
  tokenInvalid: 'The emergency access token is not valid',
  adminNotFound: 'Admin user not found',
  forcedLogin: 'Logged in as {username}',
  fetchAdmins: 'Error fetching admin users: {reason}',
  compare: 'Error comparing passwords: {reason}',
  forceLogin: 'Error forcing login: {reason}',
  createAdmin: 'Error creating admin user: {reason}',
  fetchAdminsFailed: 'Failed to fetch admin users',
  compareFailed: 'Password comparison failed',
  forceLoginFailed: 'Failed to force login',
  createAdminFailed: 'Failed to create admin user',
  adminCreated: 'Emergency admin created with ID {id}',
  tokenRequired: 'Enter the emergency access token',
  auditNote:
    'Emergency tools: they work only while the server runs with EMERGENCY_ADMIN_TOKEN set, and every use is written to the audit log.',
} as const;
