import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control, type FieldPath } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { registerFormSchema, type RegisterFormInput } from '../../../common/auth-schemas';
import { toastMessages } from '../../../common/messages';
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
import { PendingLabel } from './pending-label';

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
  const navigate = useNavigate();
  const registerUser = useRegister();
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
      navigate('/', { replace: true });
    } catch (error) {
      toast({
        title: 'Registration failed',
        description: errorText(error, toastMessages.registrationFailed),
        variant: 'destructive',
      });
      showServerFieldErrors(error, setError, fieldNames, { focusFirst: true });
    }
  });

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
