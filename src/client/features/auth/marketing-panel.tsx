import { Columns3, Gauge, GitCompareArrows } from 'lucide-react';

// The three promises of the sign-in page (docs/product.md, "Sign-in and registration").
const promises = [
  {
    icon: Columns3,
    title: 'Compare responses from leading AI models',
    text: 'Ask once and read what up to three chatbots say, side by side, as they write.',
  },
  {
    icon: GitCompareArrows,
    title: 'Identify agreements and disagreements',
    text: 'See at a glance where the answers agree on the facts and where they contradict each other.',
  },
  {
    icon: Gauge,
    title: 'Get confidence scores for each response',
    text: 'Know which answer holds up best before you rely on it.',
  },
] as const;

// The brand panel looks the same in both themes: its colours are fixed here rather than taken from the
// palette, whose status hues the dark theme turns round (decision 0047).
export function MarketingPanel({ className }: { className?: string }) {
  return (
    <section
      aria-labelledby="auth-marketing-title"
      className={`relative flex-col justify-center gap-10 overflow-hidden rounded-2xl bg-linear-to-br from-[#4f46e5] via-[#4338ca] to-[#5b21b6] p-10 text-white shadow-xl xl:p-12 ${className ?? ''}`}
    >
      <div
        aria-hidden
        className="pointer-events-none absolute -right-24 -top-24 size-72 rounded-full bg-white/10 blur-3xl"
      />
      <div className="relative">
        <p className="text-sm font-semibold uppercase tracking-wider text-[#c7d2fe]">AI Response Comparison Platform</p>
        <h2 id="auth-marketing-title" className="mt-3 text-3xl font-bold leading-tight tracking-tight text-balance">
          One question, several AI answers, the differences made clear.
        </h2>
      </div>
      <ul className="relative grid gap-6">
        {promises.map(({ icon: Icon, title, text }) => (
          <li key={title} className="flex gap-4">
            <span className="flex size-11 shrink-0 items-center justify-center rounded-xl bg-white/15 ring-1 ring-white/20">
              <Icon className="size-5" aria-hidden />
            </span>
            <div>
              <p className="font-semibold">{title}</p>
              <p className="mt-1 text-sm text-[#e0e7ff]">{text}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
