import { PrivacyText, TermsText } from '../../components/legal/legal-texts';

function LegalPage({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-10 sm:py-14">
      <h1 className="mb-6 text-3xl font-bold tracking-tight">{title}</h1>
      <div className="rounded-xl border bg-card p-6 shadow-sm sm:p-8">{children}</div>
    </article>
  );
}

export function TermsPage() {
  return (
    <LegalPage title="Terms and Conditions">
      <TermsText />
    </LegalPage>
  );
}

export function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy">
      <PrivacyText />
    </LegalPage>
  );
}
