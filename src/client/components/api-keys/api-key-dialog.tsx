import { Loader2, LogIn, RefreshCw } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { modelCatalogue, modelKeys, type ModelKey } from '../../../common/models';
import { queryMessages } from '../../../common/query-messages';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../ui/dialog';
import { FormField } from '../ui/form-field';
import { PasswordInput } from '../ui/password-input';
import { toast } from '../ui/toast-store';
import { ApiError, errorText } from '../../lib/api';
import { useSaveApiKey } from '../../api/questions';
import { useCurrentUser } from '../../api/auth';
import { useModelVersions, useRefreshModelVersions } from '../../api/model-versions';
import { useSaveModelVersion } from '../../api/admin/ai-models';
import { Input } from '../ui/input';
import { formatRelativeTime } from '../../lib/relative-time';

const selectClass =
  'h-10 w-full rounded-md border border-input bg-card px-3 text-sm focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-ring disabled:opacity-50 cursor-pointer';

const LOGIN_FIRST = 'Please log in to save an API key.';

/** The key a model answers with for everyone now, as the admin console shows it (last characters only). */
export interface CurrentKey {
  masked: string | null;
}

/**
 * The version to use (issue 17, item 1): chosen from the vendor's own list for the key that would
 * answer; typed freely where the host lists nothing (a Llama host, or a vendor that could not be
 * asked). An administrator can have the list read again.
 */
function VersionField({
  id,
  model,
  version,
  onChange,
}: {
  id: string;
  model: ModelKey;
  version: string;
  onChange: (version: string) => void;
}) {
  const versions = useModelVersions(model);
  const refresh = useRefreshModelVersions(model);
  const { data: user } = useCurrentUser();
  const { provider, defaultVersion } = modelCatalogue[model];
  const listed = versions.data?.versions ?? modelCatalogue[model].versions;
  const options = listed.includes(version) ? listed : [version, ...listed];
  const freeText = model === 'llama' || versions.data?.source === 'catalogue';
  const hint = versions.isPending
    ? `Reading ${provider}'s models...`
    : versions.data?.source === 'vendor' && versions.data.fetchedAt
      ? `Listed by ${provider} ${formatRelativeTime(versions.data.fetchedAt)}.`
      : `${versions.data?.problem ?? `${provider}'s list could not be read.`} Parallax's own list is offered; you can type another version.`;

  return (
    <FormField
      id={id}
      label="Model version (optional)"
      hint={
        <span className="flex flex-wrap items-center justify-between gap-x-2">
          <span aria-live="polite">{hint}</span>
          {user?.isAdmin && (
            <Button
              type="button"
              variant="link"
              size="sm"
              className="h-auto p-0 text-xs"
              disabled={refresh.isPending}
              onClick={() => refresh.mutate()}
            >
              <RefreshCw className={refresh.isPending ? 'animate-spin' : undefined} aria-hidden />
              Refresh list
            </Button>
          )}
        </span>
      }
    >
      {freeText ? (
        <>
          <Input
            id={id}
            list={`${id}-suggestions`}
            value={version}
            onChange={(event) => onChange(event.target.value)}
            autoComplete="off"
            spellCheck={false}
          />
          <datalist id={`${id}-suggestions`}>
            {listed.map((v) => (
              <option key={v} value={v} />
            ))}
          </datalist>
        </>
      ) : (
        <select id={id} className={selectClass} value={version} onChange={(event) => onChange(event.target.value)}>
          {options.map((v) => (
            <option key={v} value={v}>
              {v}
              {v === defaultVersion ? ' (default)' : ''}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}

function ApiKeyForm({
  initialModel,
  initialVersion,
  currentKey,
  signedIn,
  sessionId,
  onSaved,
}: {
  initialModel: ModelKey;
  initialVersion?: string;
  currentKey?: CurrentKey;
  signedIn: boolean;
  sessionId: string;
  onSaved: () => void;
}) {
  const id = useId();
  const [model, setModel] = useState<ModelKey>(initialModel);
  const [apiKey, setApiKey] = useState('');
  const [version, setVersion] = useState(initialVersion ?? modelCatalogue[initialModel].defaultVersion);
  const save = useSaveApiKey();
  const saveVersion = useSaveModelVersion();
  // The administrator's server-wide key: a blank key keeps it and changes only the version (issue 17, item 1).
  const keepsKey = currentKey !== undefined && model === initialModel;

  function changeModel(next: ModelKey) {
    setModel(next);
    setVersion(modelCatalogue[next].defaultVersion);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!apiKey.trim() && keepsKey) {
      saveVersion.mutate(
        { model, version },
        {
          onSuccess: ({ message }) => {
            toast({ variant: 'success', title: queryMessages.configurationSaved, description: message });
            onSaved();
          },
          onError: (error) =>
            toast({
              variant: 'destructive',
              title: queryMessages.saveConfigurationFailed,
              description: errorText(error, 'Please try again.'),
            }),
        },
      );
      return;
    }
    if (!apiKey.trim()) {
      toast({
        variant: 'destructive',
        title: queryMessages.apiKeyRequiredTitle,
        description: queryMessages.apiKeyRequired,
      });
      return;
    }
    save.mutate(
      { model, apiKey: apiKey.trim(), apiVersion: version, sessionId },
      {
        onSuccess: () => {
          toast({
            variant: 'success',
            title: queryMessages.configurationSaved,
            description: `${modelCatalogue[model].displayName} is ready to answer.`,
          });
          onSaved();
        },
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: queryMessages.saveConfigurationFailed,
            description:
              error instanceof ApiError && error.status === 401 ? LOGIN_FIRST : errorText(error, 'Please try again.'),
          }),
      },
    );
  }

  return (
    <form onSubmit={submit} className="grid gap-4" noValidate>
      {!signedIn && (
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900">
          <p>{LOGIN_FIRST}</p>
          <Button asChild size="sm" variant="outline">
            <Link to="/auth">
              <LogIn aria-hidden />
              Login / Register
            </Link>
          </Button>
        </div>
      )}
      <FormField id={`${id}-model`} label="AI model">
        <select
          id={`${id}-model`}
          className={selectClass}
          value={model}
          onChange={(event) => changeModel(event.target.value as ModelKey)}
        >
          {modelKeys.map((key) => (
            <option key={key} value={key}>
              {modelCatalogue[key].displayName} ({modelCatalogue[key].provider})
            </option>
          ))}
        </select>
      </FormField>
      <FormField
        id={`${id}-key`}
        label="API key"
        hint={
          keepsKey
            ? `Leave blank to keep the key it has now${currentKey?.masked ? ` (${currentKey.masked})` : ''} and change only the version.`
            : 'Kept on the server and used only for your questions.'
        }
      >
        <PasswordInput
          id={`${id}-key`}
          toggleLabel="API key"
          autoComplete="off"
          spellCheck={false}
          value={apiKey}
          onChange={(event) => setApiKey(event.target.value)}
          placeholder="sk-..."
        />
      </FormField>
      <VersionField id={`${id}-version`} model={model} version={version} onChange={setVersion} />
      <DialogFooter>
        <Button type="submit" disabled={!signedIn || save.isPending || saveVersion.isPending}>
          {(save.isPending || saveVersion.isPending) && <Loader2 className="animate-spin" aria-hidden />}
          Save
        </Button>
      </DialogFooter>
    </form>
  );
}

/** Configure API Connection (docs/product.md, "Home page"): a key, and optionally a version, for one model. */
export function ApiKeyDialog({
  open,
  onOpenChange,
  model,
  signedIn,
  sessionId,
  initialVersion,
  currentKey,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  model: ModelKey;
  signedIn: boolean;
  sessionId: string;
  /** The version the model answers with now (the admin console knows it); else the default. */
  initialVersion?: string;
  /** The admin console's server-wide key, when the model has one: the key may be left blank to keep it. */
  currentKey?: CurrentKey;
  onSaved?: () => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Configure API Connection</DialogTitle>
          <DialogDescription>Add an API key so this model can answer your questions.</DialogDescription>
        </DialogHeader>
        <ApiKeyForm
          key={model}
          initialModel={model}
          initialVersion={initialVersion}
          currentKey={currentKey}
          signedIn={signedIn}
          sessionId={sessionId}
          onSaved={() => {
            onSaved?.();
            onOpenChange(false);
          }}
        />
      </DialogContent>
    </Dialog>
  );
}
