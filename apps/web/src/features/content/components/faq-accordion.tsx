import type { FaqOut } from '@meltway/shared/content/faq.schema';
import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/accordion';
import { localized } from '@/lib/localized';

/** Questions open one at a time; Radix gives the arrow keys, Home and End between questions. */
export default function FaqAccordion({ faqs }: { faqs: FaqOut[] }) {
  return (
    <Accordion type="single" collapsible className="rounded-xl border bg-card px-4 sm:px-6">
      {faqs.map((faq) => (
        <AccordionItem key={faq.id} value={faq.id}>
          <AccordionTrigger>{localized(faq.name, faq.nameFr)}</AccordionTrigger>
          <AccordionContent>
            {localized(faq.description, faq.descriptionFr).split(/\n+/).map((para, i) => (
              <p key={i} className="mt-2 first:mt-0">
                {para}
              </p>
            ))}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  );
}
