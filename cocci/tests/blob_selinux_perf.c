/* cocci: blob_accessor.cocci -D stype=perf_event -D fld=security -D acc=selinux_perf_event -D blob=perf_event_security_struct */
/* report: 3 */
/* SELinux perf_event blob, as in 6.1 security/selinux/hooks.c. */
struct perf_event { void *security; };
struct perf_event_security_struct { unsigned int sid; };

#ifdef CONFIG_PERF_EVENTS
static int selinux_perf_event_alloc(struct perf_event *event)
{
	struct perf_event_security_struct *perfsec;

	perfsec = kzalloc(sizeof(*perfsec), GFP_KERNEL);
	if (!perfsec)
		return -ENOMEM;

	perfsec->sid = current_sid();
	event->security = perfsec;

	return 0;
}

static void selinux_perf_event_free(struct perf_event *event)
{
	struct perf_event_security_struct *perfsec = event->security;

	event->security = NULL;
	kfree(perfsec);
}

static int selinux_perf_event_read(struct perf_event *event)
{
	struct perf_event_security_struct *perfsec = event->security;
	u32 sid = current_sid();

	return avc_has_perm(sid, perfsec->sid);
}

static int selinux_perf_event_write(struct perf_event *event)
{
	struct perf_event_security_struct *perfsec = event->security;
	u32 sid = current_sid();

	return avc_has_perm(sid, perfsec->sid);
}
#endif
