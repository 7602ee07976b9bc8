/** docs/product.md §9: a reported product's report count is displayed as "N User", e.g. "3 User". */
export const formatReportCount = (count: number): string => `${count} User`;
