import { KeyRound, X } from 'lucide-react';
import { modelCatalogue, modelKeys, type ModelKey } from '../../../common/models';
import { Button } from '../../components/ui/button';

/** The server names missing services by display name; the dialog needs the model key. */
function keyOf(service: string): ModelKey | undefined {
  return modelKeys.find((key) => modelCatalogue[key].displayName === service || key === service);
}

/** 'API Keys Required' (spec section 5): the selected models that cannot answer yet, each with a way to fix it. */
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
    <section
      role="region"
      aria-labelledby="api-keys-required"
      className="relative rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950 shadow-sm sm:p-5"
    >
      <button
        type="button"
        onClick={onDismiss}
        aria-label="Dismiss"
        className="absolute right-3 top-3 rounded-md p-1 text-amber-800 hover:bg-amber-100 cursor-pointer"
      >
        <X className="size-4" aria-hidden />
      </button>
      <h2 id="api-keys-required" className="flex items-center gap-2 pr-8 text-lg font-semibold">
        <KeyRound className="size-5" aria-hidden />
        API Keys Required
      </h2>
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
                <Button size="sm" variant="outline" onClick={() => onConfigure(key)} aria-label={`Configure API Connection for ${service}`}>
                  Configure API Connection
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
