/**
 * The texts of every message the server sends, in English and Spanish (the recipient's Language
 * setting). Plain functions: each answers the subject, the text and the HTML (values HTML-escaped).
 */

export type MailLanguage = 'en' | 'es';

/** The recipient's language: their Language setting when it is one we write in, else English. */
export function mailLanguage(setting: string | null | undefined): MailLanguage {
  return setting === 'es' ? 'es' : 'en';
}

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const ROLE_NAMES: Record<MailLanguage, Record<number, string>> = {
  en: { 1: 'admin', 2: 'editor', 4: 'viewer', 8: 'inspector' },
  es: { 1: 'administrador', 2: 'editor', 4: 'lector', 8: 'inspector' },
};

/** A job-site role in the recipient's language. */
export function roleName(lang: MailLanguage, access: number): string {
  return ROLE_NAMES[lang][access] ?? (lang === 'es' ? 'tipo desconocido' : 'unknown type');
}

/** A job site named in a message, with the recipient's role there. */
export interface MailSite {
  name: string;
  access: number;
}

const siteLines = (lang: MailLanguage, sites: MailSite[]) =>
  sites.map((s) => `  - ${s.name} (${roleName(lang, s.access)})`).join('\n');
const siteItems = (lang: MailLanguage, sites: MailSite[]) =>
  `<ul>${sites.map((s) => `<li>${escapeHtml(s.name)} (${escapeHtml(roleName(lang, s.access))})</li>`).join('')}</ul>`;

export interface InvitationMail {
  lang: MailLanguage;
  /** the invitee's first name or username */
  name: string;
  inviterName: string;
  companyName: string;
  sites: MailSite[];
  /** the /create_pwd?token=… link */
  link: string;
  validDays: number;
}

/** The welcome e-mail of an invitation (and of a re-invitation). */
export function invitationMail(m: InvitationMail): RenderedMail {
  const e = {
    name: escapeHtml(m.name),
    inviter: escapeHtml(m.inviterName),
    company: escapeHtml(m.companyName),
  };
  const link = escapeHtml(m.link);
  if (m.lang === 'es') {
    const sitesText = m.sites.length
      ? `Tendrá acceso a estos sitios de obra:\n${siteLines('es', m.sites)}\n\n`
      : '';
    const sitesHtml = m.sites.length
      ? `<p>Tendrá acceso a estos sitios de obra:</p>${siteItems('es', m.sites)}`
      : '';
    return {
      subject: `${m.inviterName} le invitó a ${m.companyName} en Sitepulse`,
      text:
        `Hola ${m.name}:\n\n${m.inviterName} le invitó a unirse a ${m.companyName} en Sitepulse.\n\n${sitesText}` +
        `Abra este enlace para crear su contraseña (funciona una vez, durante ${m.validDays} días):\n\n${m.link}\n\n` +
        'Si no esperaba esta invitación, ignore este correo.\n',
      html:
        `<p>Hola ${e.name}:</p><p>${e.inviter} le invitó a unirse a <b>${e.company}</b> en Sitepulse.</p>${sitesHtml}` +
        `<p><a href="${link}">Crear mi contraseña</a> (el enlace funciona una vez, durante ${m.validDays} días).</p>` +
        '<p>Si no esperaba esta invitación, ignore este correo.</p>',
    };
  }
  const sitesText = m.sites.length
    ? `You will have access to these job sites:\n${siteLines('en', m.sites)}\n\n`
    : '';
  const sitesHtml = m.sites.length
    ? `<p>You will have access to these job sites:</p>${siteItems('en', m.sites)}`
    : '';
  return {
    subject: `${m.inviterName} invited you to ${m.companyName} on Sitepulse`,
    text:
      `Hello ${m.name},\n\n${m.inviterName} invited you to join ${m.companyName} on Sitepulse.\n\n${sitesText}` +
      `Open this link to create your password (it works once, within ${m.validDays} days):\n\n${m.link}\n\n` +
      'If you did not expect this invitation, ignore this e-mail.\n',
    html:
      `<p>Hello ${e.name},</p><p>${e.inviter} invited you to join <b>${e.company}</b> on Sitepulse.</p>${sitesHtml}` +
      `<p><a href="${link}">Create my password</a> (the link works once, within ${m.validDays} days).</p>` +
      '<p>If you did not expect this invitation, ignore this e-mail.</p>',
  };
}

/** The text message of an invitation by phone (kept in the outbox for an admin to pass on). */
export function invitationSms(m: Omit<InvitationMail, 'name' | 'sites'>): { subject: string; text: string } {
  if (m.lang === 'es') {
    return {
      subject: 'Invitación a Sitepulse',
      text:
        `${m.inviterName} le invitó a ${m.companyName} en Sitepulse. ` +
        `Cree su contraseña (válido ${m.validDays} días): ${m.link}`,
    };
  }
  return {
    subject: 'Sitepulse invitation',
    text:
      `${m.inviterName} invited you to ${m.companyName} on Sitepulse. ` +
      `Create your password (valid ${m.validDays} days): ${m.link}`,
  };
}

export interface AddedToJobSiteMail {
  lang: MailLanguage;
  name: string;
  inviterName: string;
  companyName: string;
  sites: MailSite[];
  /** where the dashboard is */
  dashboardUrl: string;
}

/** An existing user was given a role on one or more job sites. */
export function addedToJobSiteMail(m: AddedToJobSiteMail): RenderedMail {
  const name = escapeHtml(m.name);
  const inviter = escapeHtml(m.inviterName);
  const company = escapeHtml(m.companyName);
  const url = escapeHtml(m.dashboardUrl);
  if (m.lang === 'es') {
    return {
      subject: `Nuevo acceso a sitios de obra de ${m.companyName}`,
      text:
        `Hola ${m.name}:\n\n${m.inviterName} le dio acceso a estos sitios de obra de ${m.companyName}:\n` +
        `${siteLines('es', m.sites)}\n\nÁbralos en Sitepulse: ${m.dashboardUrl}\n`,
      html:
        `<p>Hola ${name}:</p><p>${inviter} le dio acceso a estos sitios de obra de <b>${company}</b>:</p>` +
        `${siteItems('es', m.sites)}<p><a href="${url}">Abrir Sitepulse</a></p>`,
    };
  }
  return {
    subject: `New job-site access at ${m.companyName}`,
    text:
      `Hello ${m.name},\n\n${m.inviterName} gave you access to these job sites of ${m.companyName}:\n` +
      `${siteLines('en', m.sites)}\n\nOpen them in Sitepulse: ${m.dashboardUrl}\n`,
    html:
      `<p>Hello ${name},</p><p>${inviter} gave you access to these job sites of <b>${company}</b>:</p>` +
      `${siteItems('en', m.sites)}<p><a href="${url}">Open Sitepulse</a></p>`,
  };
}

/** The same notice as a text message, for a user with a phone and no e-mail. */
export function addedToJobSiteSms(m: AddedToJobSiteMail): { subject: string; text: string } {
  const sites = m.sites.map((s) => `${s.name} (${roleName(m.lang, s.access)})`).join(', ');
  return m.lang === 'es'
    ? {
        subject: 'Nuevo acceso en Sitepulse',
        text: `${m.inviterName} le dio acceso en Sitepulse a: ${sites}.`,
      }
    : {
        subject: 'New access on Sitepulse',
        text: `${m.inviterName} gave you access on Sitepulse to: ${sites}.`,
      };
}

export interface PasswordResetMail {
  lang: MailLanguage;
  name: string;
  username: string;
  /** the /reset_pwd?token=… link */
  link: string;
}

/** A password-reset link (valid one hour, single use). */
export function passwordResetMail(m: PasswordResetMail): RenderedMail {
  const name = escapeHtml(m.name);
  const username = escapeHtml(m.username);
  const link = escapeHtml(m.link);
  if (m.lang === 'es') {
    return {
      subject: 'Restablezca su contraseña de Sitepulse',
      text:
        `Hola ${m.name}:\n\nAlguien pidió restablecer la contraseña de su cuenta de Sitepulse (${m.username}).\n` +
        `Abra este enlace dentro de una hora para elegir una contraseña nueva:\n\n${m.link}\n\n` +
        'Si no lo pidió, ignore este correo: su contraseña no cambia.\n',
      html:
        `<p>Hola ${name}:</p><p>Alguien pidió restablecer la contraseña de su cuenta de Sitepulse ` +
        `(${username}).</p><p><a href="${link}">Elegir una contraseña nueva</a> ` +
        '(el enlace funciona una vez, dentro de una hora).</p><p>Si no lo pidió, ignore este correo.</p>',
    };
  }
  return {
    subject: 'Reset your Sitepulse password',
    text:
      `Hello ${m.name},\n\nSomeone asked to reset the password of your Sitepulse account (${m.username}).\n` +
      `Open this link within one hour to choose a new password:\n\n${m.link}\n\n` +
      'If you did not ask for this, ignore this e-mail: your password stays the same.\n',
    html:
      `<p>Hello ${name},</p><p>Someone asked to reset the password of your Sitepulse account ` +
      `(${username}).</p><p><a href="${link}">Choose a new password</a> ` +
      '(the link works once, within one hour).</p><p>If you did not ask for this, ignore this e-mail.</p>',
  };
}

/** The reset link as a text message, for a user with a phone and no e-mail. */
export function passwordResetSms(m: PasswordResetMail): { subject: string; text: string } {
  return m.lang === 'es'
    ? {
        subject: 'Restablecer contraseña de Sitepulse',
        text: `Elija una contraseña nueva de Sitepulse (${m.username}) dentro de una hora: ${m.link}`,
      }
    : {
        subject: 'Reset your Sitepulse password',
        text: `Choose a new Sitepulse password (${m.username}) within one hour: ${m.link}`,
      };
}

/** The password of an account was changed (from my profile). */
export function passwordChangedMail(m: { lang: MailLanguage; name: string; username: string }): RenderedMail {
  const name = escapeHtml(m.name);
  const username = escapeHtml(m.username);
  if (m.lang === 'es') {
    return {
      subject: 'Su contraseña de Sitepulse cambió',
      text:
        `Hola ${m.name}:\n\nLa contraseña de su cuenta de Sitepulse (${m.username}) acaba de cambiar; ` +
        'las demás sesiones se cerraron.\nSi no fue usted, pida a un administrador que restablezca su acceso.\n',
      html:
        `<p>Hola ${name}:</p><p>La contraseña de su cuenta de Sitepulse (${username}) acaba de cambiar; ` +
        'las demás sesiones se cerraron.</p><p>Si no fue usted, pida a un administrador que restablezca su acceso.</p>',
    };
  }
  return {
    subject: 'Your Sitepulse password was changed',
    text:
      `Hello ${m.name},\n\nThe password of your Sitepulse account (${m.username}) was just changed; ` +
      'your other sessions were signed out.\nIf this was not you, ask an admin to restore your access.\n',
    html:
      `<p>Hello ${name},</p><p>The password of your Sitepulse account (${username}) was just changed; ` +
      'your other sessions were signed out.</p><p>If this was not you, ask an admin to restore your access.</p>',
  };
}

export interface ReportReadyMail {
  lang: MailLanguage;
  /** the recipient's first name or username */
  name: string;
  reportName: string;
  siteName: string;
  /** who asked for it (a person's name), and whether a schedule made it */
  ownerName: string;
  scheduled: boolean;
  /** the file's name and size in bytes */
  fileName: string;
  fileSize: number;
  /** the file is attached; otherwise `link` (the site's report list) is where to download it */
  attached: boolean;
  link: string;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/** A report is ready: attached up to a size, else a link to the report list of its job site. */
export function reportReadyMail(m: ReportReadyMail): RenderedMail {
  const e = {
    name: escapeHtml(m.name),
    report: escapeHtml(m.reportName),
    site: escapeHtml(m.siteName),
    owner: escapeHtml(m.ownerName),
    file: escapeHtml(m.fileName),
    link: escapeHtml(m.link),
  };
  const size = megabytes(m.fileSize);
  if (m.lang === 'es') {
    const why = m.scheduled
      ? `el informe programado por ${m.ownerName}`
      : `el informe que ${m.ownerName} solicitó`;
    const whyHtml = m.scheduled
      ? `el informe programado por ${e.owner}`
      : `el informe que ${e.owner} solicitó`;
    const where = m.attached
      ? `Va adjunto: ${m.fileName} (${size}).`
      : `El archivo ${m.fileName} (${size}) es demasiado grande para adjuntarlo: descárguelo de la lista de informes:\n\n${m.link}`;
    const whereHtml = m.attached
      ? `<p>Va adjunto: ${e.file} (${size}).</p>`
      : `<p>El archivo ${e.file} (${size}) es demasiado grande para adjuntarlo: <a href="${e.link}">descárguelo de la lista de informes</a>.</p>`;
    return {
      subject: `Informe listo: ${m.reportName} (${m.siteName})`,
      text: `Hola ${m.name}:\n\nYa está listo ${why} en ${m.siteName}: ${m.reportName}.\n\n${where}\n`,
      html: `<p>Hola ${e.name}:</p><p>Ya está listo ${whyHtml} en <b>${e.site}</b>: ${e.report}.</p>${whereHtml}`,
    };
  }
  const why = m.scheduled ? `The report ${m.ownerName} scheduled` : `The report ${m.ownerName} asked for`;
  const whyHtml = m.scheduled ? `The report ${e.owner} scheduled` : `The report ${e.owner} asked for`;
  const where = m.attached
    ? `It is attached: ${m.fileName} (${size}).`
    : `The file ${m.fileName} (${size}) is too large to attach: download it from the report list:\n\n${m.link}`;
  const whereHtml = m.attached
    ? `<p>It is attached: ${e.file} (${size}).</p>`
    : `<p>The file ${e.file} (${size}) is too large to attach: <a href="${e.link}">download it from the report list</a>.</p>`;
  return {
    subject: `Report ready: ${m.reportName} (${m.siteName})`,
    text: `Hello ${m.name},\n\n${why} on ${m.siteName} is ready: ${m.reportName}.\n\n${where}\n`,
    html: `<p>Hello ${e.name},</p><p>${whyHtml} on <b>${e.site}</b> is ready: ${e.report}.</p>${whereHtml}`,
  };
}

/** Alarm kinds (issue 15) as a person reads them. */
// The same words as the web app's alarms page (apps/web/src/i18n/*/alarms.json), so an e-mail and the
// screen it links to name an alarm alike.
const ALARM_KIND_NAMES: Record<MailLanguage, Record<string, string>> = {
  en: {
    MATURED: 'Target reached',
    SENSOR_THRESHOLD: 'Sensor threshold',
    SENSOR_THRESHOLD_high: 'Sensor threshold high',
    SENSOR_THRESHOLD_low: 'Sensor threshold low',
    AVERAGE_STRENGTH: 'Average strength reached',
    TEMPERATURE_DIFFERENTIAL: 'Temperature differential',
    NODE_SILENT: 'Node silent',
    BATTERY_LOW: 'Battery low',
    GATEWAY_OFFLINE: 'Gateway offline',
  },
  es: {
    MATURED: 'Objetivo alcanzado',
    SENSOR_THRESHOLD: 'Umbral del sensor',
    SENSOR_THRESHOLD_high: 'Umbral alto del sensor',
    SENSOR_THRESHOLD_low: 'Umbral bajo del sensor',
    AVERAGE_STRENGTH: 'Resistencia media alcanzada',
    TEMPERATURE_DIFFERENTIAL: 'Diferencia de temperatura',
    NODE_SILENT: 'Nodo sin señal',
    BATTERY_LOW: 'Batería baja',
    GATEWAY_OFFLINE: 'Pasarela desconectada',
  },
};

/** An alarm kind in the recipient's language (the code itself when unknown). */
export function alarmKindName(lang: MailLanguage, kind: string): string {
  return ALARM_KIND_NAMES[lang][kind] ?? kind;
}

export interface AlarmMail {
  lang: MailLanguage;
  /** the recipient's first name or username */
  name: string;
  kind: string;
  /** RAISED: the alarm started; CLEARED: back to normal, or ended by `endedBy`'s acknowledgement */
  change: 'RAISED' | 'CLEARED';
  /**
   * Who ended it by acknowledging it (MATURED, AVERAGE_STRENGTH: nothing goes back to normal, a person says
   * it is dealt with); null or absent when its condition went away.
   */
  endedBy?: string | null;
  siteName: string;
  /** job, sensor or node the alarm is about ('' when the site itself) */
  subjectName: string;
  /** TEMPERATURE_DIFFERENTIAL: the pair's two sensors */
  pair?: readonly [string, string] | null;
  /** GATEWAY_OFFLINE: the gateway */
  gatewayName?: string | null;
  /** AVERAGE_STRENGTH: the job group */
  jobGroupName?: string | null;
  /** the value and bound already in the recipient's units ('' when the kind has none) */
  valueText: string;
  boundText: string;
  side: 'high' | 'low' | null;
  /** when it happened, in the recipient's time zone */
  whenText: string;
  /** the job (or job site) page */
  link: string;
}

/** One alarm raised or cleared, by e-mail. */
export function alarmMail(m: AlarmMail): RenderedMail {
  const es = m.lang === 'es';
  const kind = alarmKindName(
    m.lang,
    m.kind === 'SENSOR_THRESHOLD' && m.side ? `${m.kind}_${m.side}` : m.kind,
  );
  const what = [m.subjectName, m.pair?.join(' / '), m.gatewayName, m.jobGroupName].filter(Boolean).join(', ');
  const about = what ? ` - ${what}` : '';
  const acknowledged = m.change === 'CLEARED' && !!m.endedBy;
  const state =
    m.change === 'RAISED'
      ? es
        ? 'Alarma'
        : 'Alarm'
      : acknowledged
        ? es
          ? 'Alarma reconocida'
          : 'Alarm acknowledged'
        : es
          ? 'Alarma despejada'
          : 'Alarm cleared';
  const subject = `${state}: ${kind}${about} (${m.siteName})`;
  const sideText =
    m.side === 'high'
      ? es
        ? 'por encima de'
        : 'above'
      : m.side === 'low'
        ? es
          ? 'por debajo de'
          : 'below'
        : '';
  const lines: string[] = [];
  if (m.valueText) {
    lines.push(
      es
        ? `Valor: ${m.valueText}${m.boundText ? ` (límite ${sideText} ${m.boundText})` : ''}`.replace(
            '  ',
            ' ',
          )
        : `Value: ${m.valueText}${m.boundText ? ` (limit ${sideText} ${m.boundText})` : ''}`.replace(
            '  ',
            ' ',
          ),
    );
  }
  lines.push(
    m.change === 'RAISED'
      ? es
        ? `Activada: ${m.whenText}`
        : `Raised: ${m.whenText}`
      : acknowledged
        ? es
          ? `Reconocida por ${m.endedBy}: ${m.whenText}`
          : `Acknowledged by ${m.endedBy}: ${m.whenText}`
        : es
          ? `Despejada: ${m.whenText}`
          : `Cleared: ${m.whenText}`,
  );
  const hello = es ? `Hola ${m.name}:` : `Hello ${m.name},`;
  const intro =
    m.change === 'RAISED'
      ? es
        ? `${kind} en ${m.siteName}${about}.`
        : `${kind} on ${m.siteName}${about}.`
      : acknowledged
        ? es
          ? `${kind} en ${m.siteName}${about}: ${m.endedBy} la reconoció.`
          : `${kind} on ${m.siteName}${about}: acknowledged by ${m.endedBy}.`
        : es
          ? `${kind} en ${m.siteName}${about} volvió a la normalidad.`
          : `${kind} on ${m.siteName}${about} is back to normal.`;
  const open = es ? 'Abrir en Sitepulse' : 'Open in Sitepulse';
  const why = es
    ? 'Recibe este correo porque está suscrito a las alarmas de este sitio de obra (Configuración).'
    : 'You get this e-mail because you are subscribed to the alarms of this job site (Settings).';
  return {
    subject,
    text: `${hello}\n\n${intro}\n${lines.join('\n')}\n\n${open}: ${m.link}\n\n${why}\n`,
    html:
      `<p>${escapeHtml(hello)}</p><p><b>${escapeHtml(intro)}</b></p>` +
      `<p>${lines.map(escapeHtml).join('<br>')}</p>` +
      `<p><a href="${escapeHtml(m.link)}">${escapeHtml(open)}</a></p><p>${escapeHtml(why)}</p>`,
  };
}

/** The same alarm as a text message: one short line with the link. */
export function alarmSms(m: AlarmMail): { subject: string; text: string } {
  const { subject } = alarmMail(m);
  const value = m.valueText ? ` ${m.valueText}` : '';
  return { subject, text: `${subject}${value}. ${m.link}` };
}

export interface AlarmDigestMail {
  lang: MailLanguage;
  name: string;
  /** the alarm subjects that were held back, oldest first */
  subjects: string[];
  /** where to see them all */
  link: string;
}

/** What was held back in an hour in which a person got more alarm messages than the cap. */
export function alarmDigestMail(m: AlarmDigestMail): RenderedMail {
  const es = m.lang === 'es';
  const n = m.subjects.length;
  const subject = es
    ? `${n} alarmas más en la última hora`
    : `${n} more alarm${n === 1 ? '' : 's'} in the last hour`;
  const hello = es ? `Hola ${m.name}:` : `Hello ${m.name},`;
  const intro = es
    ? 'Recibió muchas alarmas en una hora; estas no se enviaron una por una:'
    : 'You got many alarms in one hour; these were not sent one by one:';
  const open = es ? 'Abrir Sitepulse' : 'Open Sitepulse';
  return {
    subject,
    text: `${hello}\n\n${intro}\n${m.subjects.map((s) => `  - ${s}`).join('\n')}\n\n${open}: ${m.link}\n`,
    html:
      `<p>${escapeHtml(hello)}</p><p>${escapeHtml(intro)}</p>` +
      `<ul>${m.subjects.map((s) => `<li>${escapeHtml(s)}</li>`).join('')}</ul>` +
      `<p><a href="${escapeHtml(m.link)}">${escapeHtml(open)}</a></p>`,
  };
}

/** The digest as a text message. */
export function alarmDigestSms(m: AlarmDigestMail): { subject: string; text: string } {
  const { subject } = alarmDigestMail(m);
  return { subject, text: `Sitepulse: ${subject}. ${m.link}` };
}
