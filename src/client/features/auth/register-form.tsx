import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { registerFormSchema, type RegisterFormInput } from '../../../common/auth-schemas';
import { fillMessage, toastMessages } from '../../../common/messages';
import { LegalDialog } from '../../components/legal/legal-dialog';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { BoundField } from '../../components/ui/bound-field';
import { NewPasswordFields } from './new-password-fields';
import { fieldA11y } from '../../components/ui/form-field';
import { Label } from '../../components/ui/label';
import { toast } from '../../components/ui/toast-store';
import { errorText } from '../../lib/api';
import { showServerFieldErrors } from '../../lib/server-field-errors';
import { useRegister } from '../../api/auth';
import { AuthNote } from './auth-card';
import { PendingLabel } from './pending-label';
import { registerSentTexts as texts } from './register-texts';

const fieldNames = [
  'username',
  'email',
  'password',
  'confirmPassword',
  'termsAccepted',
  'privacyPolicyAccepted',
] as const;

export function RegisterForm({
  onSubmitting,
  onSwitchToLogin,
}: {
  onSubmitting: () => void;
  onSwitchToLogin: () => void;
}) {
  const registerUser = useRegister();
  // Where the message went, once the server took the form: nobody is signed in yet (decision 0035).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm({
    resolver: zodResolver(registerFormSchema),
    defaultValues: {
      username: '',
      email: '',
      password: '',
      confirmPassword: '',
      termsAccepted: false,
      privacyPolicyAccepted: false,
    },
  });
  const {
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = form;

  const onSubmit = handleSubmit(async ({ username, email, password, termsAccepted, privacyPolicyAccepted }) => {
    onSubmitting();
    try {
      // confirmPassword stays in the browser: the server's schema has no such field.
      await registerUser.mutateAsync({ username, email, password, termsAccepted, privacyPolicyAccepted });
      toast({
        title: toastMessages.registrationSuccess,
        description: toastMessages.registrationSuccessDescription,
        variant: 'success',
      });
      setSentTo(email);
    } catch (error) {
      toast({
        title: 'Registration failed',
        description: errorText(error, toastMessages.registrationFailed),
        variant: 'destructive',
      });
      showServerFieldErrors(error, setError, fieldNames, { focusFirst: true });
    }
  });

  if (sentTo !== null) {
    return (
      <RegisterSent
        email={sentTo}
        onBackToLogin={onSwitchToLogin}
        onDifferentEmail={() => {
          form.reset();
          setSentTo(null);
        }}
      />
    );
  }

  const pending = registerUser.isPending;
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Register">
      <BoundField
        form={form}
        name="username"
        id="register-username"
        label="Username"
        autoComplete="username"
        verbatim
      />
      <BoundField
        form={form}
        name="email"
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        placeholder="you@example.com"
      />
      <NewPasswordFields
        form={form}
        idPrefix="register"
        labels={{ password: 'Password', confirm: 'Confirm Password' }}
        className="sm:grid-cols-2"
      />
      <fieldset className="grid gap-3 pt-1">
        <legend className="sr-only">Agreements</legend>
        <AgreementCheckbox
          control={control}
          name="termsAccepted"
          id="register-terms"
          document="terms"
          error={errors.termsAccepted?.message}
        />
        <AgreementCheckbox
          control={control}
          name="privacyPolicyAccepted"
          id="register-privacy"
          document="privacy"
          error={errors.privacyPolicyAccepted?.message}
        />
      </fieldset>
      <Button type="submit" size="lg" className="mt-1 w-full" disabled={pending}>
        <PendingLabel pending={pending} idle="Create account" busy="Creating account..." />
      </Button>
      <p className="text-center text-sm text-muted-foreground">
        Already have an account?{' '}
        <button
          type="button"
          onClick={onSwitchToLogin}
          className="font-medium text-primary underline-offset-4 hover:underline cursor-pointer"
        >
          Log in
        </button>
      </p>
    </form>
  );
}

/** In place of the form once it is sent; its heading takes focus, as the form's button is gone. */
function RegisterSent({
  email,
  onBackToLogin,
  onDifferentEmail,
}: {
  email: string;
  onBackToLogin: () => void;
  onDifferentEmail: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="register-sent-title" className="grid gap-4 text-center">
      <span
        className="mx-auto flex size-12 items-center justify-center rounded-full bg-green-100 text-success [&_svg]:size-6"
        aria-hidden
      >
        <MailCheck />
      </span>
      <h2 id="register-sent-title" ref={heading} tabIndex={-1} className="text-xl font-semibold outline-none">
        {texts.title}
      </h2>
      <p className="text-sm font-medium">{fillMessage(texts.sentTo, { email })}</p>
      <p className="text-sm text-muted-foreground">{texts.newAddress}</p>
      <p className="text-sm text-muted-foreground">{texts.knownAddress}</p>
      <p className="text-sm text-muted-foreground">{texts.takenUsername}</p>
      <AuthNote>{texts.spamHint}</AuthNote>
      <Button size="lg" className="w-full" onClick={onBackToLogin}>
        {texts.backToLogin}
      </Button>
      <Button variant="ghost" className="w-full" onClick={onDifferentEmail}>
        {texts.differentEmail}
      </Button>
    </section>
  );
}

const documentTitle = { terms: 'Terms and Conditions', privacy: 'Privacy Policy' } as const;

function AgreementCheckbox({
  control,
  name,
  id,
  document,
  error,
}: {
  control: Control<RegisterFormInput>;
  name: Extract<FieldPath<RegisterFormInput>, 'termsAccepted' | 'privacyPolicyAccepted'>;
  id: string;
  document: keyof typeof documentTitle;
  error: string | undefined;
}) {
  return (
    <div className="grid gap-1.5">
      <div className="flex items-start gap-3">
        <Controller
          control={control}
          name={name}
          render={({ field }) => (
            <Checkbox
              {...fieldA11y(id, error)}
              ref={field.ref}
              name={field.name}
              checked={field.value}
              onCheckedChange={(checked) => field.onChange(checked === true)}
              onBlur={field.onBlur}
              className="mt-0.5"
            />
          )}
        />
        <Label htmlFor={id} className="text-sm font-normal leading-snug text-muted-foreground">
          I have read and accept the{' '}
          <LegalDialog
            document={document}
            trigger={
              <button
                // Inside the label, yet a click here does not tick the box: browsers skip label
                // activation for interactive content (and preventDefault would stop the dialog).
                type="button"
                className="font-medium text-primary underline underline-offset-4 hover:text-primary-hover cursor-pointer"
              >
                {documentTitle[document]}
              </button>
            }
          />
        </Label>
      </div>
      {error && (
        <p id={`${id}-error`} role="alert" className="pl-7 text-sm text-destructive">
          {error}
        </p>
      )}
    </div>
  );
}
