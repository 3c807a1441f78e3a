import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Send } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { supportRequestSchema, type SupportRequestInput } from '../../../common/auth-schemas';
import { EMAIL_MAX } from '../../../common/limits';
import type { PublicUser } from '../../../common/user-schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { BoundField } from '../../components/ui/bound-field';
import { Textarea } from '../../components/ui/input';
import { toast } from '../../components/ui/toast-store';
import { ApiError, errorText } from '../../lib/api';
import { useSendSupportRequest } from '../../api/support';

// Taken from the schema so the boxes and the validation can never disagree.
const { name, subject, message } = supportRequestSchema.shape;
const MESSAGE_MAX = message.maxLength ?? undefined;
const fields = ['name', 'email', 'subject', 'message'] as const;

export function SupportForm({
  user,
  onSent,
}: {
  user: PublicUser | null | undefined;
  onSent: (reply: string, email: string) => void;
}) {
  const send = useSendSupportRequest();
  const form = useForm<SupportRequestInput>({
    resolver: zodResolver(supportRequestSchema),
    defaultValues: { name: user?.username ?? '', email: user?.email ?? '', subject: '', message: '' },
  });
  const { handleSubmit, control, setError } = form;
  const messageLength = useWatch({ control, name: 'message' }).length;

  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onSuccess: (reply) => onSent(reply.message, values.email),
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const field of fields) {
            const fieldMessage = error.fieldErrors[field];
            if (fieldMessage) setError(field, { message: fieldMessage });
          }
        }
        toast({
          variant: 'destructive',
          title: 'Message not sent',
          description: errorText(error, 'Your message could not be sent. Please try again.'),
        });
      },
    }),
  );

  return (
    <Card>
      <CardHeader>
        <CardTitle>Send us a message</CardTitle>
        <CardDescription>Your message goes straight to the Parallax administrators.</CardDescription>
      </CardHeader>
      <form onSubmit={onSubmit} noValidate aria-label="Contact support">
        <CardContent className="grid gap-4">
          <div className="grid gap-4 sm:grid-cols-2">
            <BoundField
              form={form}
              name="name"
              id="support-name"
              label="Name"
              autoComplete="name"
              maxLength={name.maxLength ?? undefined}
            />
            <BoundField
              form={form}
              name="email"
              id="support-email"
              label="Email"
              type="email"
              autoComplete="email"
              maxLength={EMAIL_MAX}
            />
          </div>
          <BoundField
            form={form}
            name="subject"
            id="support-subject"
            label="Subject"
            maxLength={subject.maxLength ?? undefined}
          />
          <BoundField
            form={form}
            name="message"
            id="support-message"
            label="Message"
            hint={`${messageLength} / ${MESSAGE_MAX} characters`}
            render={(control) => (
              <Textarea
                rows={7}
                maxLength={MESSAGE_MAX}
                placeholder="Tell us what happened, and what you expected to happen."
                className="resize-y"
                {...control}
              />
            )}
          />
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={send.isPending} className="w-full sm:w-auto">
            {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            {send.isPending ? 'Sending...' : 'Send Message'}
          </Button>
        </CardFooter>
      </form>
    </Card>
  );
}
