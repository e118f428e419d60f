export type FaqItem = { question: string; answer: string };

/** The six questions of /process. */
export const PROCESS_FAQ: readonly FaqItem[] = [
  {
    question: "How long does it take to get my launch kit?",
    answer:
      "Most kits are ready in 1-2 minutes. Complex ideas with lots of detail can take up to 5 minutes. You can watch the progress live and we save everything to your dashboard as it arrives.",
  },
  {
    question: "Do I need design or coding skills?",
    answer:
      "No. You answer a few plain-language questions about your idea and LaunchKit does the rest. The website-builder prompt is written so you can paste it straight into your favourite AI site builder.",
  },
  {
    question: "What if I don't like what was generated?",
    answer:
      "Generate again with different answers, or edit the prompt yourself right in the dashboard. Your previous kits stay saved, so you can compare versions.",
  },
  {
    question: "Can I use my own domain?",
    answer:
      "Yes. One-click deploy works on a free LaunchKit address, and you can connect a custom domain you already own when you're ready.",
  },
  {
    question: "Who owns the generated assets?",
    answer:
      "You do. Once you export your kit, the copy, logo files and landing page are yours to use commercially, with no attribution required.",
  },
  {
    question: "Is my business idea kept private?",
    answer:
      "Yes. Your idea is only used to generate your kit. We never publish it or share it with other users, and you can delete your kits from the dashboard at any time.",
  },
];

/** The eight questions of /pricing. */
export const PRICING_FAQ: readonly FaqItem[] = [
  {
    question: "Is the free preview really free?",
    answer:
      "Yes, $0 forever. You can generate and review a full launch kit without a card. Previews carry a watermark and can't be exported until you upgrade.",
  },
  {
    question: "What's the difference between Starter and Pro?",
    answer:
      "Starter is a one-time purchase that unlocks export of everything in your kit. Pro is a monthly plan for founders who keep growing from their published page: analytics and A/B experiments on the page, e-mail sequences and broadcasts to its leads, a custom domain and more regenerations.",
  },
  {
    question: "Is Starter really a one-time payment?",
    answer: "Yes. You pay $39 once and keep everything you export. There is no subscription hidden behind it.",
  },
  {
    question: "Can I cancel Pro?",
    answer:
      "Yes, Pro can be cancelled any time. You keep access until the end of the billing month you've paid for, and nothing is charged after that.",
  },
  {
    question: "Do you offer refunds?",
    answer:
      "All paid plans come with a 14-day money-back guarantee. If LaunchKit isn't right for you, contact us within 14 days of purchase for a full refund.",
  },
  {
    question: "Which payment methods do you accept?",
    answer:
      "We accept all major credit and debit cards. Payments are processed securely by our card payment provider; we never see or store your full card number.",
  },
  {
    question: "Can I upgrade from Starter to Pro later?",
    answer: "Of course. Your existing kits and exports stay with you, and Pro picks up right where Starter left off.",
  },
  {
    question: "Do I need a credit card to try LaunchKit?",
    answer: "No. The free preview needs only an account. You'll only be asked for a card when you choose a paid plan.",
  },
];
