import { modulePlugin } from '../../lib/module-plugin.js';
import { assignmentsRoutes } from './assignments.routes.js';
import { authorsRoutes } from './authors.routes.js';
import { certificateChecksRoutes, certificateManagementRoutes, certificatesRoutes } from './certificates.routes.js';
import { certificationsRoutes } from './certifications.routes.js';
import { commentsRoutes } from './comments.routes.js';
import { coursesRoutes } from './courses.routes.js';
import { documentsRoutes } from './documents.routes.js';
import { holdersRoutes } from './holders.routes.js';
import { learningRoutes } from './learning.routes.js';
import { quizzesRoutes } from './quizzes.routes.js';
import { studentsRoutes } from './students.routes.js';
import { submissionsRoutes } from './submissions.routes.js';
import { wellKnownRoutes } from './well-known.routes.js';

/** The academy's API, and at the root its credentials' public keys (/.well-known/jwks.json, did.json). */
export const academyModule = modulePlugin(
  [
    authorsRoutes, documentsRoutes, assignmentsRoutes, certificationsRoutes, holdersRoutes, quizzesRoutes, submissionsRoutes,
    certificatesRoutes, certificateChecksRoutes, certificateManagementRoutes, commentsRoutes, coursesRoutes, learningRoutes, studentsRoutes,
  ],
  [wellKnownRoutes],
);
