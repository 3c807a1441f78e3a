import { Scale } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import {
  passwordCompareSchema,
  type EmergencyAdmin,
  type PasswordCompareResult,
} from '../../../common/emergency-schemas';
import { emergencyMessages } from '../../../common/emergency-messages';
import { fillMessage } from '../../../common/messages';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { FormField, fieldA11y } from '../../components/ui/form-field';
import { PasswordInput } from '../../components/ui/password-input';
import { Spinner } from '../../components/ui/spinner';
import { errorText } from '../../lib/api';
import { useComparePassword } from '../../api/emergency';
import { InlineError, type EmergencyAccess } from './emergency-frame';

/** Compares a typed password with the chosen admin's stored hash; the server does the comparing. */
export function PasswordCompareTool({
  access,
  selected,
}: {
  access: EmergencyAccess;
  selected: EmergencyAdmin | undefined;
}) {
  const compare = useComparePassword(access.token);
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState<string>();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input = passwordCompareSchema.safeParse({ password, userId: selected?.id });
    if (!input.success) return setMissing(emergencyMessages.bothRequired);
    setMissing(undefined);
    compare.mutate(input.data, { onError: (error) => access.handleAccessError(error) });
  };
  const failure =
    compare.error &&
    fillMessage(emergencyMessages.compare, { reason: errorText(compare.error, emergencyMessages.compareFailed) });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password comparison</CardTitle>
        <CardDescription>
          Checks a password against the stored hash of the admin chosen with &lsquo;Use This Hash&rsquo;. The hash never
          leaves the server.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-5">
        <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Compare a password">
          <div className="grid gap-1 text-sm">
            <span className="font-medium">Hash</span>
            {selected ? (
              <span data-testid="selected-hash">
                #{selected.id} {selected.username} &middot; {selected.hashType}, {selected.passwordLength} characters
              </span>
            ) : (
              <span className="text-muted-foreground">
                None chosen yet: pick an admin with &lsquo;Use This Hash&rsquo;.
              </span>
            )}
          </div>
          <FormField id="compare-password" label="Password to test" error={missing}>
            <PasswordInput
              toggleLabel="password to test"
              autoComplete="off"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              {...fieldA11y('compare-password', missing)}
            />
          </FormField>
          <Button type="submit" className="w-full sm:w-fit" disabled={compare.isPending}>
            {compare.isPending ? <Spinner label="Comparing" /> : <Scale aria-hidden />}
            Compare
          </Button>
        </form>
        {failure && <InlineError>{failure}</InlineError>}
        {compare.data && !compare.isPending && <CompareResult result={compare.data} />}
      </CardContent>
    </Card>
  );
}

function CompareResult({ result }: { result: PasswordCompareResult }) {
  return (
    <section aria-label="Comparison result" className="rounded-lg border bg-muted/30 p-4">
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-2">
        <Row label="Direct match">
          <YesNo value={result.bcryptMatch} yes="Match" no="No match" />
        </Row>
        <Row label="Helper match">
          <YesNo value={result.helperMatch} yes="Match" no="No match" />
        </Row>
        <Row label="Password (masked)">
          <code className="break-all">{result.plaintext || '(empty)'}</code>
        </Row>
        <Row label="Password length">{result.plaintextLength}</Row>
        <Row label="Hash start">
          <code className="break-all">{result.hashStart || '(none)'}</code>
        </Row>
        <Row label="Hash length">{result.hashLength}</Row>
        <Row label="Special characters">{result.specialCharsMatch ? 'Yes' : 'No'}</Row>
      </dl>
    </section>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid min-w-0 gap-1">
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0 font-medium">{children}</dd>
    </div>
  );
}

function YesNo({ value, yes, no }: { value: boolean; yes: string; no: string }) {
  return <Badge variant={value ? 'success' : 'destructive'}>{value ? yes : no}</Badge>;
}
