import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { FREE_QUESTIONS_DEFAULT } from '../../../common/limits';

// The questions people ask before paying; the answers follow the terms (docs/product.md, "Terms and legal pages").
const FAQ = [
  {
    id: 'cancel',
    question: 'Can I cancel my subscription?',
    answer:
      'Yes. You can cancel at any time from the Billing page. You keep access to your plan until the end of the period you have already paid for, and you are not charged again.',
  },
  {
    id: 'run-out',
    question: 'What happens when I run out of questions?',
    answer:
      'When your monthly questions are used up you can upgrade to a larger plan straight away, or wait until your allowance renews at the start of your next billing period. The Unlimited plan never runs out.',
  },
  {
    id: 'refunds',
    question: 'Do you offer refunds?',
    answer:
      'Subscription fees are non-refundable for the current billing period. If you cancel, your plan stays active until the period ends and you will not be charged again.',
  },
  {
    id: 'payments',
    question: 'How are payments handled?',
    answer:
      'Payments are processed securely by Stripe. Your card details go directly to Stripe; we never see or store your card number.',
  },
  {
    id: 'free',
    question: 'Can I try Parallax for free?',
    answer: `Yes. Every account starts with ${FREE_QUESTIONS_DEFAULT} free questions, so you can compare answers before choosing a plan.`,
  },
] as const;

export function PricingFaq() {
  return (
    <section aria-labelledby="faq-heading" className="mx-auto w-full max-w-3xl">
      <h2 id="faq-heading" className="mb-4 text-center text-2xl font-bold tracking-tight">
        Frequently Asked Questions
      </h2>
      <Accordion.Root type="single" collapsible className="divide-y rounded-xl border bg-card">
        {FAQ.map((item) => (
          <Accordion.Item key={item.id} value={item.id}>
            <Accordion.Header asChild>
              <h3>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-muted/60 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-ring cursor-pointer">
                  {item.question}
                  <ChevronDown
                    className="size-4 shrink-0 text-muted-foreground transition-transform group-data-[state=open]:rotate-180"
                    aria-hidden
                  />
                </Accordion.Trigger>
              </h3>
            </Accordion.Header>
            <Accordion.Content className="px-5 pb-4 text-sm text-muted-foreground">{item.answer}</Accordion.Content>
          </Accordion.Item>
        ))}
      </Accordion.Root>
    </section>
  );
}
