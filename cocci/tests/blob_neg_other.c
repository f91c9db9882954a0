/* cocci: blob_accessor.cocci -D stype=key -D fld=security -D acc=selinux_key -D blob=key_security_struct */
/* report: 0 */
/* Negative: "security" fields of other structs (inode-like, perf_event
 * when the key blob is asked for), writes, &key->security and offset
 * arithmetic are not reads of the key blob: nothing changes, and no
 * accessor is added to a file that does not need one. */
struct key { void *security; };
struct perf_event { void *security; };
struct fs_context { void *security; };

static int f(struct perf_event *event, struct fs_context *fc, struct key *k)
{
	void *a = event->security;
	void *b = fc->security;
	void **slot = &k->security;

	k->security = a;
	return b == k->security + 8 || slot == NULL;
}
