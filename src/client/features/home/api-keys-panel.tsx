import { KeyRound } from 'lucide-react';
import { modelCatalogue, modelKeys, type ModelKey } from '../../../common/model-catalogue';
import { Button } from '../../components/ui/button';
import { DismissibleNotice } from './dismissible-notice';

/** The server names missing services by display name; the dialog needs the model key. */
function keyOf(service: string): ModelKey | undefined {
  return modelKeys.find((key) => modelCatalogue[key].displayName === service || key === service);
}

/**
 * 'API Keys Required' (docs/product.md, "Asking a question"): the selected models that cannot answer yet, each
 * with a way to fix it.
 */
export function ApiKeysPanel({
  services,
  onConfigure,
  onDismiss,
}: {
  services: string[];
  onConfigure: (model: ModelKey) => void;
  onDismiss: () => void;
}) {
  return (
    <DismissibleNotice id="api-keys-required" icon={KeyRound} title="API Keys Required" onDismiss={onDismiss}>
      <p className="mt-1 text-sm">
        These models need an API key before they can answer. Configure them, or pick other models.
      </p>
      <ul className="mt-3 grid gap-2">
        {services.map((service) => {
          const key = keyOf(service);
          return (
            <li
              key={service}
              className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-amber-200 bg-card px-3 py-2"
            >
              <span className="font-medium">{service}</span>
              {key && (
                <Button
                  size="sm"
                  variant="outline"
                  onClick={() => onConfigure(key)}
                  aria-label={`Configure API Connection for ${service}`}
                >
                  Configure API Connection
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </DismissibleNotice>
  );
}
