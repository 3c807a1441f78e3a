export declare const HOME_WEIGHT_BUDGET_KB: number;
