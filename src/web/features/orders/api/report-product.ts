/**
 * PATCH /api/report-product?id={productId} (spec §7, made to work: DESIGN.md §8): the buyer
 * reports a product. Answer `{acknowledged, modifiedCount, reportCount}`: modifiedCount is 1 for
 * a new report and 0 when this buyer had already reported it (each buyer counts once).
 */
import { apiRequest } from '../../../lib/api-client';
import { apiPaths } from '../../../lib/contract';

export interface ReportAnswer {
  acknowledged: true;
  modifiedCount: number;
  reportCount: number;
}

export async function reportProduct(productId: string): Promise<ReportAnswer> {
  const { data } = await apiRequest<ReportAnswer>(apiPaths.reportProduct(productId), {
    method: 'PATCH',
  });
  return data;
}
