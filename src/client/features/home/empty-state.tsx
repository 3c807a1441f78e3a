const steps = [
  { title: 'Choose your models', text: 'Pick up to three AI models in the sidebar (AI Models on phones).' },
  { title: 'Ask your question', text: 'Type your question once and send it to all of them.' },
  { title: 'Compare the answers', text: "Watch each model's answer arrive, side by side." },
  { title: 'Read the analysis', text: 'See where the answers agree and disagree, and turn on Highlight differences.' },
];

/** What Home shows before any question is selected. */
export function EmptyState() {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col items-center px-1 py-8 text-center sm:py-14">
      <h1 className="text-3xl font-bold tracking-tight text-balance sm:text-4xl">AI Response Comparison Platform</h1>
      <p className="mt-3 max-w-xl text-muted-foreground text-balance sm:text-lg">
        Ask one question and compare the answers of up to three AI models side by side.
      </p>

      <section
        aria-labelledby="how-to-use"
        className="mt-10 w-full rounded-xl border bg-card p-5 text-left shadow-sm sm:p-6"
      >
        <h2 id="how-to-use" className="text-lg font-semibold">
          How to Use
        </h2>
        <ol className="mt-4 grid gap-4 sm:grid-cols-2">
          {steps.map((step, index) => (
            <li key={step.title} className="flex gap-3">
              <span
                aria-hidden
                className="flex size-7 shrink-0 items-center justify-center rounded-full bg-secondary text-sm font-semibold text-secondary-foreground"
              >
                {index + 1}
              </span>
              <div>
                <p className="font-medium">{step.title}</p>
                <p className="text-sm text-muted-foreground">{step.text}</p>
              </div>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}
