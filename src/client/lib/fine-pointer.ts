/**
 * Whether the visitor points with a mouse or trackpad. Focusing a text box on a touch device opens the
 * on-screen keyboard over half the page, so focus-on-load is for fine pointers only.
 */
export function hasFinePointer(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;
}
