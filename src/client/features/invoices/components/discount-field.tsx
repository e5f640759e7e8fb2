// Moved to the shared components (the quotes' form uses it too); kept here for the invoices' imports.
export { DiscountField } from '../../../components/discount-field';
