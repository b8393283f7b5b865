// libpq's types only: jotter loads libpq.so.5 with dlopen when a command needs the hub,
// so that the commands that never sync do not load it and the libraries it needs at
// every start. The module has no link directive for that reason.
#include <postgresql/libpq-fe.h>

// The function types of what jotter calls, taken from the declarations themselves
// (typeof is not evaluated, so nothing here refers to a symbol of libpq): the table
// that dlsym fills cannot drift from libpq-fe.h.
typedef __typeof__(&PQconnectdbParams) jotter_pq_connectdb_params;
typedef __typeof__(&PQstatus) jotter_pq_status;
typedef __typeof__(&PQerrorMessage) jotter_pq_error_message;
typedef __typeof__(&PQfinish) jotter_pq_finish;
typedef __typeof__(&PQexec) jotter_pq_exec;
typedef __typeof__(&PQexecParams) jotter_pq_exec_params;
typedef __typeof__(&PQresultStatus) jotter_pq_result_status;
typedef __typeof__(&PQresultErrorMessage) jotter_pq_result_error_message;
typedef __typeof__(&PQclear) jotter_pq_clear;
typedef __typeof__(&PQntuples) jotter_pq_ntuples;
typedef __typeof__(&PQgetvalue) jotter_pq_getvalue;
typedef __typeof__(&PQgetisnull) jotter_pq_getisnull;
typedef __typeof__(&PQgetlength) jotter_pq_getlength;
typedef __typeof__(&PQputCopyData) jotter_pq_put_copy_data;
typedef __typeof__(&PQputCopyEnd) jotter_pq_put_copy_end;
typedef __typeof__(&PQgetResult) jotter_pq_get_result;
typedef __typeof__(&PQconninfoParse) jotter_pq_conninfo_parse;
typedef __typeof__(&PQconninfoFree) jotter_pq_conninfo_free;
typedef __typeof__(&PQfreemem) jotter_pq_freemem;
typedef __typeof__(&PQhost) jotter_pq_host;
typedef __typeof__(&PQport) jotter_pq_port;
typedef __typeof__(&PQdb) jotter_pq_db;
typedef __typeof__(&PQsetNoticeProcessor) jotter_pq_set_notice_processor;
typedef __typeof__(&PQsendQueryParams) jotter_pq_send_query_params;
typedef __typeof__(&PQsetSingleRowMode) jotter_pq_set_single_row_mode;
