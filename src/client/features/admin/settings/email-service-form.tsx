import { zodResolver } from '@hookform/resolvers/zod';
import { Loader2, Save, Send } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { adminToastMessages } from '../../../../common/admin-messages';
import {
  emailSettingsInputSchema,
  testEmailSchema,
  type EmailSettings,
} from '../../../../common/admin-settings-schemas';
import { emailSettingsTexts, fillText } from './settings-texts';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { BoundField } from '../../../components/ui/bound-field';
import { FormField, fieldA11y } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { toast } from '../../../components/ui/toast-store';
import { errorText } from '../../../lib/api';
import { showServerFieldErrors } from '../../../lib/server-field-errors';
import { useSaveEmailSettings, useSendTestEmail } from '../../../api/admin/email-settings';

const settingsFields = ['sendgridApiKey', 'sendgridFromEmail', 'sendgridFromName'] as const;

/** SendGrid key and sender. The key field starts empty: the saved key is never sent to the browser whole. */
export function EmailServiceForm({ settings }: { settings: EmailSettings }) {
  const save = useSaveEmailSettings();
  const form = useForm({
    resolver: zodResolver(emailSettingsInputSchema),
    defaultValues: {
      sendgridApiKey: '',
      sendgridFromEmail: settings.sendgridFromEmail,
      sendgridFromName: settings.sendgridFromName,
    },
  });
  const { handleSubmit, setError, resetField } = form;

  const onSubmit = handleSubmit(async ({ sendgridApiKey, ...sender }) => {
    try {
      // A blank key keeps the saved one, so it is left out rather than sent empty.
      await save.mutateAsync(sendgridApiKey ? { sendgridApiKey, ...sender } : sender);
      toast({ variant: 'success', title: adminToastMessages.settingsSaved });
      resetField('sendgridApiKey');
    } catch (error) {
      toast({ variant: 'destructive', title: errorText(error, adminToastMessages.emailSettingsFailed) });
      showServerFieldErrors(error, setError, settingsFields);
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid grid-cols-1 gap-4" aria-label="SendGrid settings">
      <BoundField
        form={form}
        name="sendgridApiKey"
        id="sendgrid-api-key"
        label="SendGrid API key"
        hint={
          settings.hasApiKey
            ? fillText(emailSettingsTexts.apiKeySaved, { masked: settings.sendgridApiKey })
            : emailSettingsTexts.apiKeyNone
        }
        password
        toggleLabel="API key"
        autoComplete="off"
        spellCheck={false}
        placeholder={settings.hasApiKey ? settings.sendgridApiKey : 'SG.xxxxxxxx'}
      />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <BoundField
          form={form}
          name="sendgridFromEmail"
          id="sendgrid-from-email"
          label="From email"
          type="email"
          autoComplete="off"
          placeholder="noreply@example.com"
        />
        <BoundField
          form={form}
          name="sendgridFromName"
          id="sendgrid-from-name"
          label="From name"
          placeholder="Parallax"
        />
      </div>
      <div>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Save aria-hidden />}
          Save Settings
        </Button>
      </div>
    </form>
  );
}

export function TestEmailCard() {
  const send = useSendTestEmail();
  const [address, setAddress] = useState('');
  const [error, setError] = useState<string | undefined>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = testEmailSchema.safeParse({ email: address });
    if (!checked.success) {
      setError(checked.error.issues[0]?.message);
      return;
    }
    setError(undefined);
    send.mutate(checked.data.email, {
      onSuccess: (answer) =>
        toast({ variant: 'success', title: adminToastMessages.testEmailSent, description: answer.message }),
      onError: (failure) =>
        toast({ variant: 'destructive', title: errorText(failure, adminToastMessages.testEmailFailed) }),
    });
  };

  return (
    <Card role="region" aria-labelledby="test-email-title">
      <CardHeader>
        <CardTitle id="test-email-title" className="text-lg">
          Send a test email
        </CardTitle>
        <CardDescription>Check the settings by sending a short message to an address you can read.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-start">
          <FormField id="test-email-address" label="Test email address" error={error} className="flex-1">
            <Input
              {...fieldA11y('test-email-address', error)}
              type="email"
              value={address}
              onChange={(event) => setAddress(event.target.value)}
              placeholder="you@example.com"
              autoComplete="email"
            />
          </FormField>
          <Button type="submit" variant="secondary" className="sm:mt-6" disabled={send.isPending}>
            {send.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <Send aria-hidden />}
            Send Test Email
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
