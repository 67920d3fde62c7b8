let writes = 0;
/** Changes whenever this process changes what the public course pages show: their caches key on it. */
export const academyWriteSeq = () => writes;
/** Marks such a change, once it is committed. */
export const markAcademyWrite = () => {
  writes += 1;
};
