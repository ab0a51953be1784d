import nodemailer from 'nodemailer'

export type MailOptions = {
  /** The SMTP server the mails go through (a nodemailer URL, `smtps://user:password@smtp.example:465`). */
  smtpUrl: string
  /** The sender of every mail. */
  from: string
}

export type MailSender = {
  /** Sends one plain-text mail; resolves once the SMTP server accepted it. */
  send(mail: { to: string; subject: string; text: string }): Promise<void>
  close(): void
}

/** The frame's login mails, sent through the deployer's SMTP server with nodemailer. */
export function createMailSender(options: MailOptions): MailSender {
  const transport = nodemailer.createTransport(options.smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text })
    },
    close: () => transport.close(),
  }
}
