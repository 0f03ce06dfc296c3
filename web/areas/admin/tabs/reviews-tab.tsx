/** The Reviews tab: replaced by part B (review moderation, issue 20). */
export default function ReviewsTab() {
  return <p className="py-8 text-center text-sm text-muted-foreground">Coming soon</p>;
}
