// GET /api/me answers 401 to an anonymous caller (docs/product.md, "API"), and API callers keep that. The
// app's own probe on every page load sends this header and gets 200 with null instead: a browser logs every
// 4xx fetch as a console error, and a visitor who is not signed in is no error (decision 0044).
export const ANONYMOUS_AS_NULL_HEADER = 'x-anonymous-as-null';
