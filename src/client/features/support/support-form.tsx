import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Send } from 'lucide-react';
import { useForm, useWatch } from 'react-hook-form';
import { supportRequestSchema, type SupportRequestInput } from '../../../common/auth-schemas';
import { EMAIL_MAX } from '../../../common/limits';
import type { PublicUser } from '../../../common/user-schemas';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { Input, Textarea } from '../../components/ui/input';
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
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<SupportRequestInput>({
    resolver: zodResolver(supportRequestSchema),
    defaultValues: { name: user?.username ?? '', email: user?.email ?? '', subject: '', message: '' },
  });
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
            <FormField id="support-name" label="Name" error={errors.name?.message}>
              <Input
                autoComplete="name"
                maxLength={name.maxLength ?? undefined}
                {...fieldA11y('support-name', errors.name?.message)}
                {...register('name')}
              />
            </FormField>
            <FormField id="support-email" label="Email" error={errors.email?.message}>
              <Input
                type="email"
                autoComplete="email"
                maxLength={EMAIL_MAX}
                {...fieldA11y('support-email', errors.email?.message)}
                {...register('email')}
              />
            </FormField>
          </div>
          <FormField id="support-subject" label="Subject" error={errors.subject?.message}>
            <Input
              maxLength={subject.maxLength ?? undefined}
              {...fieldA11y('support-subject', errors.subject?.message)}
              {...register('subject')}
            />
          </FormField>
          <FormField
            id="support-message"
            label="Message"
            error={errors.message?.message}
            hint={`${messageLength} / ${MESSAGE_MAX} characters`}
          >
            <Textarea
              rows={7}
              maxLength={MESSAGE_MAX}
              placeholder="Tell us what happened, and what you expected to happen."
              className="resize-y"
              {...fieldA11y('support-message', errors.message?.message)}
              {...register('message')}
            />
          </FormField>
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
