import type { CourseOut } from '@meltway/shared/academy/course.schema';
import { languageTag } from '../../lib/documents/formats.js';
import { PdfWriter } from '../../lib/documents/pdf-writer.js';
import { translator } from '../../lib/i18n.js';
import type { Language } from '@meltway/shared/common/language';

const seconds = (d: string | null) => {
  const [mm, ss] = (d ?? '').split(':').map(Number);
  return Number.isFinite(mm) && Number.isFinite(ss) ? mm! * 60 + ss! : 0;
};
const clock = (s: number) => `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;

/** A file name of the course's title: letters, digits and dashes. */
export const syllabusFileName = (course: CourseOut, lang: Language) =>
  `${translator(lang, 'academy', 'syllabus')('file')}-${course.courseTitle.normalize('NFKD').replace(/\p{M}+/gu, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '').toLowerCase().slice(0, 60) || 'course'}.pdf`;

/** The course's syllabus as PDF: title, description, instructor, then each section's lessons with their type and duration. */
export async function syllabusPdf(course: CourseOut, lang: Language, now: Date): Promise<Uint8Array> {
  const t = translator(lang, 'academy', 'syllabus');
  const pdf = await PdfWriter.create({ title: `${t('syllabus')}: ${course.courseTitle}`, at: now, language: languageTag(lang) });
  pdf.line('Meltway Academy', { size: 10, muted: true });
  pdf.down(4);
  for (const l of pdf.wrap(course.courseTitle, pdf.width, 20, true)) pdf.line(l, { size: 20, bold: true });
  pdf.line(`${t('syllabus')} · ${t('lessons', { count: course.lessonCount })}`, { muted: true });
  pdf.down(6);
  for (const l of pdf.wrap(course.description, pdf.width, 10)) pdf.line(l);
  pdf.down(6);
  pdf.line(`${t('instructor')}: ${course.author.name}`, { bold: true });
  pdf.down(10);
  if (!course.sections.length) pdf.line(t('empty'), { muted: true });
  let total = 0;
  for (const [i, s] of course.sections.entries()) {
    pdf.need(60);
    pdf.line(`${t('section', { number: i + 1 })}: ${s.title}`, { size: 13, bold: true });
    pdf.down(2);
    pdf.table(
      [
        { label: t('lesson'), width: pdf.width - 150 },
        { label: t('kind'), width: 80 },
        { label: t('duration'), width: 70, align: 'right' },
      ],
      s.lessons.map((l) => {
        total += l.type === 'video' ? seconds(l.duration) : 0;
        return [l.title, t(`type.${l.type}`), l.duration ?? '-'];
      }),
    );
    pdf.down(8);
  }
  if (total) pdf.line(`${t('total')}: ${clock(total)}`, { bold: true });
  return pdf.finish((page, of) => t('page', { page, of }));
}
