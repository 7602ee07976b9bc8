/**
 * Messages (/messages and /messages/{conversationId}) with each conversation's deal (decision
 * 0048): the messages feature's page, given the offers feature's offer card and the orders
 * feature's viewing, so that the side that may act accepts, declines, counters, withdraws,
 * confirms or proposes another time inside the conversation, through the offer and viewing APIs.
 */
import { MessagesRoute, type RenderDeal } from '../../features/messages/routes/messages';
import { OfferCard } from '../../features/offers/components/offer-card';
import { ViewingInfo } from '../../features/orders/components/viewing-info';

const renderDeal: RenderDeal = ({ conversation, deal }) => (
  <>
    {deal.offer && <OfferCard offer={deal.offer} showListing={false} headingLevel={3} />}
    {deal.booking && (
      <div className="rounded-box border border-base-300 p-4" data-testid="thread-booking">
        <h3 className="font-semibold">
          {conversation.role === 'buyer' ? 'Your booking' : 'Their booking'}
        </h3>
        <ViewingInfo
          order={{
            _id: deal.booking.order_id,
            booking_state: deal.booking.booking_state,
            viewing: deal.booking.viewing,
            product_info: { product_name: deal.booking.product_name },
          }}
          side={conversation.role}
        />
      </div>
    )}
  </>
);

export function MessagesWithDealRoute() {
  return <MessagesRoute renderDeal={renderDeal} />;
}
