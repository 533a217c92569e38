/*
 * json.h - the small JSON of the board's requests and answers.
 *
 * Reading: json_parse() turns a request body (RFC 8259 text) into a tree of
 * JsonValue nodes.  The page sends small flat objects ({"move":"b4-c5"},
 * {"variant":"tabal","options":{"MaxCapture":"true"}}), so the parser keeps
 * everything simple: strings are decoded to UTF-8 (\uXXXX escapes
 * included, surrogate pairs joined; raw bytes that are not well-formed
 * UTF-8 are refused: "invalid UTF-8"), numbers are kept as doubles (and as
 * their text, for messages that echo them), objects
 * keep their members in order.  Depth and size are bounded (JSON_MAX_DEPTH
 * nesting levels, JSON_MAX_MEMBERS members an object; the caller bounds
 * the body), so hostile input can cost neither the stack nor unbounded
 * memory or time.  A member name given twice in one object is refused.  A
 * tree is freed with json_free().
 *
 * Writing: json_add_string() appends a quoted, escaped string to a StrBuf
 * (control characters as \u00XX, well-formed UTF-8 passed through, any
 * other byte as \ufffd, so the answer is valid UTF-8 whatever it echoes).
 */
#ifndef DABLO_WEB_JSON_H
#define DABLO_WEB_JSON_H

#include <stdarg.h>
#include <stddef.h>
#include "host/strbuf.h"

enum { JSON_MAX_DEPTH = 16, JSON_MAX_MEMBERS = 256 };

typedef enum { JSON_NULL, JSON_BOOL, JSON_NUMBER, JSON_STRING, JSON_ARRAY, JSON_OBJECT } JsonType;

typedef struct JsonValue {
    JsonType type;
    int boolean;              /* JSON_BOOL */
    double number;            /* JSON_NUMBER */
    char *text;               /* JSON_NUMBER: the number as the request wrote it */
    char *string;             /* JSON_STRING (NUL-terminated; may hold no NUL) */
    struct JsonValue **items; /* JSON_ARRAY / JSON_OBJECT members, n of them */
    char **keys;              /* JSON_OBJECT: the member names */
    int n;
} JsonValue;

/* Parses text[0..len) as one JSON value with nothing but blanks after it.
 * Returns the tree (the caller frees it with json_free()), or NULL with a
 * one-line reason in err naming the byte offset ("bad JSON at byte 7:
 * expected ':'"). */
JsonValue *json_parse(const char *text, size_t len, char *err, size_t errlen);

void json_free(JsonValue *v);

/* The member named key of an object (the first if repeated), or NULL when
 * v is not an object or has no such member. */
const JsonValue *json_get(const JsonValue *v, const char *key);

/* The string member key of object v, or NULL when absent or not a string. */
const char *json_get_string(const JsonValue *v, const char *key);

/* Appends s as a JSON string literal (quotes included). */
void json_add_string(StrBuf *b, const char *s);

/* Appends the one-member object {"key":"TEXT"} (and a newline when nl),
 * TEXT made by printf from fmt and ap. */
void json_add_message(StrBuf *b, const char *key, int nl, const char *fmt, va_list ap);

#endif
