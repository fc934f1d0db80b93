// What a run used and cost, beside its results, and what a trigger run will cost before it starts, one request each
// and as a batch: tokens by kind, the cost with prompt caching and without (shared/usage.ts does the arithmetic and
// the wording).
import {
  costText,
  estimateTriggerTokens,
  estimatedCosts,
  formatUsd,
  tokensText,
  type ModelPrice,
  type RunUsage,
  type TriggerPromptSize,
} from '../../../shared/usage.js';
import { withThousands } from '../../../shared/tokens.js';

export function RunCost(props: { usage: RunUsage }) {
  return (
    <p className="muted small-text run-cost" aria-label="Usage and cost">
      Tokens {tokensText(props.usage)}; cost {costText(props.usage)}.
    </p>
  );
}

export function TriggerEstimate(props: {
  size: TriggerPromptSize | undefined;
  runs: number;
  price: ModelPrice | undefined;
  /** The model, named when it has no price. */
  model: string | undefined;
}) {
  const { size, runs, price } = props;
  if (!size || size.queries === 0) return null;
  const t = estimateTriggerTokens(size, runs);
  const all = t.input + t.cacheWrite + t.cacheRead + t.output;
  const cost = price ? estimatedCosts(t, price) : undefined;
  return (
    <p className="muted small-text run-cost" aria-label="Estimated cost">
      Estimate: {size.queries * runs} requests, about {withThousands(all)} tokens
      {t.cacheRead ? ` (${withThousands(t.cacheRead)} read from the prompt cache)` : ''}; cost{' '}
      {cost
        ? `about ${formatUsd(cost.direct)} (without caching ${formatUsd(cost.without_cache)}); as a batch about ${formatUsd(cost.batch)}`
        : `unknown: ${props.model ?? 'the model'} has no price (add it to prices.json in the data folder)`}
      .
    </p>
  );
}
