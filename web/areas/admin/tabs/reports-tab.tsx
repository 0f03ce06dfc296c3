/** The Reports tab: replaced by part B (member reports, issue 20). */
export default function ReportsTab() {
  return <p className="py-8 text-center text-sm text-muted-foreground">Coming soon</p>;
}
