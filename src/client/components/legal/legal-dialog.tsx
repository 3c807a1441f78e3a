import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../ui/dialog';
import { PrivacyText, TermsText } from './legal-texts';

const documents = {
  terms: { title: 'Terms and Conditions', Text: TermsText },
  privacy: { title: 'Privacy Policy', Text: PrivacyText },
} as const;

/** Terms or Privacy in a modal, opened by whatever `trigger` is (a footer link, a register-form link). */
export function LegalDialog({
  document,
  trigger,
  defaultOpen,
}: {
  document: keyof typeof documents;
  trigger: ReactNode;
  defaultOpen?: boolean;
}) {
  const { title, Text } = documents[document];
  return (
    <Dialog defaultOpen={defaultOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription className="sr-only">{title} of Parallax</DialogDescription>
        </DialogHeader>
        <Text />
        <div className="flex justify-end">
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </div>
      </DialogContent>
    </Dialog>
  );
}
