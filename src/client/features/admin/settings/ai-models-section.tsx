import { Bot, CheckCircle2, Coins, KeyRound, Loader2, Pencil, XCircle } from 'lucide-react';
import { useState } from 'react';
import { adminToastMessages } from '../../../../common/admin-messages';
import type { AdminAiModel, KeyCheckResult } from '../../../../common/admin-settings-schemas';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { errorText } from '../../../lib/api';
import {
  useAiModels,
  useCheckKey,
  useModelPrices,
  useSetWebSearch,
  useWebSearchSetting,
} from '../../../api/admin/ai-models';
import type { ModelPrice } from '../../../../common/model-prices';
import { ModelPriceDialog } from './model-price-dialog';
import { LabelledSwitch } from '../../../components/ui/labelled-switch';
import { toast } from '../../../components/ui/toast-store';
import { adminServerMessages as m } from '../../../../common/admin-messages';
import { modelCatalogue, modelKeys } from '../../../../common/models';
import {
  formatCents,
  searchesTheWeb,
  webSearchCentsPerAnswer,
  webSearchTexts,
  type WebSearchSupport,
} from '../../../../common/web-search';
import { lazyDialog } from '../../../components/ui/lazy-dialog';
import { getSessionId } from '../../../lib/session-id';
import type { ModelKey } from '../../../../common/models';

const ApiKeyDialog = lazyDialog(async () => (await import('../../../components/api-keys/api-key-dialog')).ApiKeyDialog);
import { useLoadErrorToast, WhenLoaded } from '../shared/table-states';

// AI Models (issue 17, item 4): each model's key for everyone, where it comes from, its version, and a
// check of the key against the vendor by its cheapest call. Keys are set from the API key dialog on
// Home (decision 0051); the key itself never comes back, only its last four characters.

const sourceLabel: Record<AdminAiModel['keySource'], string> = {
  admin: 'Saved in Parallax',
  environment: 'From the environment',
  none: 'No key',
};

const usd = (value: number) =>
  `$${value.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 })}`;

function ModelRow({
  model,
  onSet,
  price,
  onSetPrice,
}: {
  model: AdminAiModel;
  onSet: () => void;
  /** The price of the version it answers with, when one was entered (issue 13, item 4). */
  price: ModelPrice | undefined;
  onSetPrice: () => void;
}) {
  const check = useCheckKey();
  const [result, setResult] = useState<KeyCheckResult | null>(null);
  const titleId = `ai-model-${model.model}`;
  return (
    <li aria-labelledby={titleId} className="grid gap-2 rounded-lg border p-3 sm:grid-cols-[1fr_auto] sm:items-start">
      <div className="grid min-w-0 gap-1">
        <p className="flex flex-wrap items-center gap-2">
          <span id={titleId} className="font-medium">
            {model.displayName}
          </span>
          <span className="text-xs text-muted-foreground">{model.provider}</span>
          <Badge variant={model.keySource === 'none' ? 'warning' : 'secondary'}>{sourceLabel[model.keySource]}</Badge>
        </p>
        <p className="flex flex-wrap gap-x-4 gap-y-0.5 text-xs text-muted-foreground">
          <span>
            Version: <span className="font-mono text-foreground">{model.version}</span>
          </span>
          {model.maskedKey && (
            <span>
              Key: <span className="font-mono text-foreground">{model.maskedKey}</span>
            </span>
          )}
          <span>
            Price:{' '}
            <span className="text-foreground">
              {price
                ? `${usd(price.inputPerMillion)} in / ${usd(price.outputPerMillion)} out per 1M tokens`
                : 'not set'}
            </span>
          </span>
          {model.baseUrl && (
            <span className="break-all">
              Host: <span className="font-mono text-foreground">{model.baseUrl}</span>
            </span>
          )}
        </p>
        <p aria-live="polite" className="text-sm">
          {result && (
            <span className={`inline-flex items-start gap-1.5 ${result.ok ? 'text-green-700' : 'text-red-700'}`}>
              {result.ok ? (
                <CheckCircle2 className="mt-0.5 size-4 shrink-0" aria-hidden />
              ) : (
                <XCircle className="mt-0.5 size-4 shrink-0" aria-hidden />
              )}
              {result.message}
            </span>
          )}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 sm:justify-end">
        <Button variant="outline" size="sm" aria-label={`Set key for ${model.displayName}`} onClick={onSet}>
          <Pencil aria-hidden />
          Set key
        </Button>
        <Button variant="outline" size="sm" aria-label={`Set price for ${model.displayName}`} onClick={onSetPrice}>
          <Coins aria-hidden />
          Set price
        </Button>
        <Button
          variant="outline"
          size="sm"
          aria-label={`Check key for ${model.displayName}`}
          disabled={check.isPending || model.keySource === 'none'}
          onClick={() =>
            check.mutate(model.model, {
              onSuccess: setResult,
              onError: (error) => setResult({ ok: false, message: errorText(error, 'The check could not be made.') }),
            })
          }
        >
          {check.isPending ? <Loader2 className="animate-spin" aria-hidden /> : <KeyRound aria-hidden />}
          Check key
        </Button>
      </div>
    </li>
  );
}

/** Whether questions may search the web, and what each vendor charges for it (issue 17, item 2). */
function WebSearchSetting() {
  const setting = useWebSearchSetting();
  const change = useSetWebSearch();
  const prices = modelKeys
    .filter((model) => searchesTheWeb[model] !== 'never')
    .map((model) => `${modelCatalogue[model].displayName} ${formatCents(webSearchCentsPerAnswer[model])}`)
    .join(', ');
  const namesThat = (kind: WebSearchSupport) =>
    modelKeys
      .filter((model) => searchesTheWeb[model] === kind)
      .map((model) => modelCatalogue[model].displayName)
      .join(' and ');
  return (
    <div className="mb-4 rounded-lg border p-3">
      <WhenLoaded
        query={setting}
        loadingLabel="Loading the web search setting..."
        errorTitle={adminToastMessages.loadWebSearch}
      >
        {(current) => (
          <LabelledSwitch
            checked={current.allowed}
            onCheckedChange={(allowed) =>
              change.mutate(allowed, {
                onSuccess: () =>
                  toast({ variant: 'success', title: allowed ? m.webSearchOn : m.webSearchOff, duration: 3000 }),
                onError: (error) =>
                  toast({
                    variant: 'destructive',
                    title: adminToastMessages.saveWebSearch,
                    description: errorText(error, ''),
                  }),
              })
            }
            label={`Allow "${webSearchTexts.label}"`}
            disabled={change.isPending}
            description={`Each question may ask the models to search the web; the vendors charge per search-grounded answer: ${prices}. ${webSearchTexts.alwaysSearches(namesThat('always'))} ${webSearchTexts.cannotSearch(namesThat('never'))}`}
          />
        )}
      </WhenLoaded>
    </div>
  );
}

export function AiModelsSection() {
  const models = useAiModels();
  const [sessionId] = useState(getSessionId);
  const [editing, setEditing] = useState<AdminAiModel | null>(null);
  const [dialogOpen, setDialogOpen] = useState(false);
  const prices = useModelPrices();
  const [pricing, setPricing] = useState<AdminAiModel | null>(null);
  const priceOf = (model: AdminAiModel) =>
    prices.data?.find((p) => p.model === model.model && p.version === model.version);
  useLoadErrorToast(models.error, adminToastMessages.loadAiModels);
  return (
    <Card role="region" aria-labelledby="ai-models-title">
      <CardHeader>
        <CardTitle id="ai-models-title" className="flex items-center gap-2 text-lg">
          <Bot className="size-5 text-primary" aria-hidden />
          AI models
        </CardTitle>
        <CardDescription>
          The key each model answers with for everyone without a key of their own. Set key saves a key and the version
          to answer with, chosen from the vendor's own list (leave the key blank to change only the version); Check key
          asks the vendor whether it accepts the key, by its cheapest call.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <WebSearchSetting />
        <WhenLoaded query={models} loadingLabel="Loading the AI models..." errorTitle={adminToastMessages.loadAiModels}>
          {(list) => (
            <ul className="grid gap-2" aria-label="AI models">
              {list.map((model) => (
                <ModelRow
                  key={model.model}
                  model={model}
                  onSet={() => {
                    setEditing(model);
                    setDialogOpen(true);
                  }}
                  price={priceOf(model)}
                  onSetPrice={() => setPricing(model)}
                />
              ))}
            </ul>
          )}
        </WhenLoaded>
      </CardContent>
      {pricing && (
        <ModelPriceDialog
          key={`${pricing.model}-${pricing.version}`}
          open
          onOpenChange={(open) => !open && setPricing(null)}
          model={pricing.model}
          displayName={pricing.displayName}
          version={pricing.version}
          current={priceOf(pricing)}
        />
      )}
      {editing && (
        <ApiKeyDialog
          key={editing.model}
          open={dialogOpen}
          onOpenChange={setDialogOpen}
          model={editing.model as ModelKey}
          initialVersion={editing.version}
          currentKey={editing.keySource === 'none' ? undefined : { masked: editing.maskedKey }}
          signedIn
          sessionId={sessionId}
          onSaved={() => void models.refetch()}
        />
      )}
    </Card>
  );
}
