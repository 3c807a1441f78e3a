import { Link } from 'react-router';

export function Logo() {
  return (
    <Link to="/" className="flex items-center gap-2 font-semibold tracking-tight" aria-label="Parallax home">
      <img src="/favicon.svg" alt="" className="size-7" />
      <span className="text-lg">Parallax</span>
    </Link>
  );
}
