import { POLICY_LAST_UPDATED } from '../../../common/limits';

// The policy texts, written once and shown both as pages (/terms, /privacy) and as dialogs
// (register form, footer). The promises (docs/product.md, "Terms and legal pages"): over 18, automatic renewal, no
// refunds for the current period, trial charged on its last day unless cancelled, access to the end of the paid
// period after cancelling, fee changes at period end with notice; New York, United States.

export const lastUpdatedText = `Last updated: ${POLICY_LAST_UPDATED}`;

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="space-y-2">
      <h3 className="text-base font-semibold">{title}</h3>
      <div className="space-y-2 text-sm leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

export function TermsText() {
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">{lastUpdatedText}</p>
      <Section title="1. Who may use Parallax">
        <p>
          You must be over 18 years old to create an account or buy a subscription. By using Parallax you agree to these
          terms.
        </p>
      </Section>
      <Section title="2. The service">
        <p>
          Parallax sends your question to the AI models you choose and shows their answers side by side with an
          automated comparison. Answers come from third-party models and may be wrong; check anything important before
          relying on it.
        </p>
      </Section>
      <Section title="3. Free questions and subscriptions">
        <p>
          Every account and anonymous session starts with a number of free questions. After that a paid monthly
          subscription is needed.
        </p>
        <p>Paid subscriptions renew automatically each month until you cancel them.</p>
        <p>Fees are non-refundable for the current billing period.</p>
        <p>A free trial, where offered, may be charged automatically on its last day unless you cancel before then.</p>
        <p>When you cancel, you keep access until the end of the period you have paid for.</p>
        <p>
          We may change our fees; a change applies from the end of your current period, and we will tell you reasonably
          in advance.
        </p>
      </Section>
      <Section title="4. Your account">
        <p>
          Keep your password to yourself and tell us at once if you think someone else has used your account. Do not use
          Parallax to break the law or to harm others.
        </p>
      </Section>
      <Section title="5. Governing law">
        <p>These terms are governed by the laws of the State of New York, United States.</p>
      </Section>
    </div>
  );
}

export function PrivacyText() {
  return (
    <div className="space-y-5">
      <p className="text-sm text-muted-foreground">{lastUpdatedText}</p>
      <Section title="1. What we collect">
        <p>
          Your username, email address and a hash of your password; the questions you ask and the answers shown to you;
          and, if you subscribe, the billing records our payment provider gives us. We never see or store your full card
          number.
        </p>
      </Section>
      <Section title="2. How we use it">
        <p>
          To run the service: answering your questions, keeping your history, counting your allowance, billing you and
          sending the emails your account needs (verification, password reset, receipts).
        </p>
      </Section>
      <Section title="3. Who we share it with">
        <p>
          The AI providers you select receive the text of your question. Our payment provider processes your payments
          and our email provider delivers our emails. We do not sell your data.
        </p>
      </Section>
      <Section title="4. Shared links and the leaderboard">
        <p>
          A question is public only if you share it: its link shows the question, the answers and their comparison,
          never your name, email or account, and stops working for everyone when you stop sharing it.
        </p>
        <p>
          The public reliability leaderboard counts every compared question, including anonymous ones, only in its
          totals. Disputed questions of signed-in users may appear there as examples, without their name, unless they
          turn this off on their profile. Anonymous questions, and questions of users who turned it off, are never
          shown.
        </p>
      </Section>
      <Section title="5. Your choices">
        <p>
          You can clear your question history at any time, stop sharing a question, keep your questions off the
          leaderboard, and ask us to delete your account through the support page.
        </p>
      </Section>
      <Section title="6. Contact">
        <p>Parallax, New York, United States. Reach us through the support page.</p>
      </Section>
    </div>
  );
}
