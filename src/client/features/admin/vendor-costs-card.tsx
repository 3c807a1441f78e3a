import { Coins } from 'lucide-react';
import { displayNameOf } from '../../../common/models';
import type { ModelCost } from '../../../common/model-prices';
import { useModelCosts } from '../../api/admin/ai-models';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card';
import { adminToastMessages } from '../../../common/admin-messages';
import { WhenLoaded } from './shared/table-states';
import { ResponsiveTable, type ListColumn } from './shared/responsive-table';

// The month's vendor cost per model (issue 13, item 4): the tokens the vendors reported, at the prices
// entered in AI Models. An estimate: search fees and cached-input discounts are left out.

const tokens = (value: number) => value.toLocaleString('en-US');
const dollars = (value: number) =>
  value.toLocaleString('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: 2,
    maximumFractionDigits: 4,
  });

function estimate(cost: ModelCost): string {
  if (cost.estimatedUsd === null) return `No price for ${cost.unpricedVersions.join(', ')}`;
  const missing = cost.unpricedVersions.length > 0 ? ` (not counted: ${cost.unpricedVersions.join(', ')})` : '';
  return `${dollars(cost.estimatedUsd)}${missing}`;
}

const columns: ListColumn<ModelCost>[] = [
  { label: 'Model', cell: (cost) => displayNameOf(cost.model) },
  { label: 'Tokens in', className: 'tabular-nums', cell: (cost) => tokens(cost.inputTokens) },
  { label: 'Tokens out', className: 'tabular-nums', cell: (cost) => tokens(cost.outputTokens) },
  { label: 'Estimated cost', className: 'tabular-nums', wide: true, cell: estimate },
];

export function VendorCostsCard() {
  const costs = useModelCosts();
  const total = costs.data?.reduce((sum, cost) => sum + (cost.estimatedUsd ?? 0), 0) ?? 0;
  return (
    <Card role="region" aria-labelledby="vendor-costs-title">
      <CardHeader>
        <CardTitle id="vendor-costs-title" className="flex items-center gap-2 text-lg">
          <Coins className="size-5 text-primary" aria-hidden />
          Vendor cost this month
        </CardTitle>
        <CardDescription>
          The tokens each vendor reported this month, at the prices set in AI Models: an estimate, without search fees
          or cached-input discounts.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-3">
        <WhenLoaded
          query={costs}
          loadingLabel="Adding up this month's tokens..."
          errorTitle={adminToastMessages.loadVendorCosts}
        >
          {(list) =>
            list.length === 0 ? (
              <p className="text-sm text-muted-foreground">No model has answered this month yet.</p>
            ) : (
              <>
                <ResponsiveTable
                  label="Vendor cost per model"
                  rows={list}
                  rowKey={(cost) => cost.model}
                  columns={columns}
                />
                <p className="text-sm font-medium tabular-nums">Estimated total: {dollars(total)}</p>
              </>
            )
          }
        </WhenLoaded>
      </CardContent>
    </Card>
  );
}
