/** The plan a lead names, as the broker needs it. */
export interface BrokerPlan {
  bidId: string;
  name: string;
  carrier: string;
}

/**
 * Port: a 2026 catalogue plan's name and carrier by bidId ("H0104_012_0"), or null when the catalogue has no such plan.
 * The plans module provides it from its catalogue; the broker's lead reads nothing else of the plan.
 */
export abstract class BrokerPlanLookup {
  abstract planOf(bidId: string): Promise<BrokerPlan | null>;
}
